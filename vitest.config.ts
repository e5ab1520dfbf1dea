import path from 'node:path';
import { defineConfig } from 'vitest/config';

const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/member'],
    // Two cores: each server test file gets its own database; two at a time keep memory in bounds.
    maxWorkers: 2,
    // CI collects a JSON report to print its closing "N passed, N failed" line.
    reporters: reportDir
      ? ['default', ['json', { outputFile: path.join(reportDir, 'vitest.json') }]]
      : ['default'],
  },
});
