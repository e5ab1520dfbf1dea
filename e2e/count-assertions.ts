import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/**
 * Counts the assertions of the browser run (every `expect`, those inside helpers included) into the
 * run's report folder, so CI can say how many checks a run made, not only how many tests.
 */
export default class CountAssertions implements Reporter {
  private assertions = 0;

  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep) {
    if (step.category === 'expect') this.assertions += 1;
  }

  onEnd() {
    const folder = process.env.TEST_REPORT_DIR;
    if (folder) fs.writeFileSync(path.join(folder, 'playwright-assertions.txt'), `${this.assertions}\n`);
  }
}
