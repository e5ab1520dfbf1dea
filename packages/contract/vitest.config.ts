import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    setupFiles: ['../../apps/server/test/count-assertions.ts'],
    include: ['src/**/*.test.ts'],
  },
});
