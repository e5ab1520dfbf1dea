import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';

/**
 * Counts the assertions each test file makes (expect calls, those inside helpers included) and appends
 * the file's total to the run's report folder, so CI can say how many checks a run made, not only how
 * many tests: merging tests must not quietly drop checks.
 */
let assertions = 0;
afterEach(() => {
  assertions += expect.getState().assertionCalls;
});
afterAll(() => {
  const folder = process.env.TEST_REPORT_DIR;
  if (folder) fs.appendFileSync(path.join(folder, 'vitest-assertions.txt'), `${assertions}\n`);
});
