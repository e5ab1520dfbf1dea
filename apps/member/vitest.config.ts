import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'member',
    setupFiles: ['../server/test/count-assertions.ts'],
    include: ['src/**/*.test.ts'],
  },
});
