import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/count-assertions.ts'],
    // Each worker imports the server's modules once for all its files: importing them again per file
    // cost about as much as the tests. Every file still works on its own database copy.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
