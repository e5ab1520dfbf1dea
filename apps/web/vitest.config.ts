import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    setupFiles: ['../server/test/count-assertions.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
