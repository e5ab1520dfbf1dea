// Reads the JSON reports of Vitest and Playwright and prints the closing line CI is judged by.
// A missing report (a suite that never ran) or any skipped test counts as a failure.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const problems = [];

const read = (name) => {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    problems.push(`${name} missing: that suite did not run`);
    failed += 1;
    return null;
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
};

const unit = read('vitest.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  const skipped = unit.numPendingTests + unit.numTodoTests;
  if (skipped > 0) problems.push(`${skipped} unit tests skipped`);
  failed += skipped;
  if (unit.numTotalTests === 0) problems.push('no unit tests ran');
}

const e2e = read('playwright.json');
if (e2e) {
  const s = e2e.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected + s.skipped;
  if (s.skipped > 0) problems.push(`${s.skipped} browser tests skipped`);
  if (s.expected + s.unexpected + s.flaky === 0) problems.push('no browser tests ran');
}

for (const p of problems) console.log(`note: ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && problems.length === 0 ? 0 : 1);
