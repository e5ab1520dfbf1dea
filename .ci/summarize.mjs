// Reads the JSON reports of Vitest and Playwright and prints the ten slowest test files of each suite,
// the assertions each suite made, and the closing line CI is judged by.
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

/** The sum of the numbers, one a line, in a report file; null when the file is missing. */
const countIn = (name) => {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) return null;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line), 0);
};

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const printSlowest = (suite, files) => {
  console.log(`\nslowest ${suite} files:`);
  for (const [file, ms] of files.sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  ${seconds(ms).padStart(9)}  ${path.relative(process.cwd(), file) || file}`);
};

const unit = read('vitest.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  const skipped = unit.numPendingTests + unit.numTodoTests;
  if (skipped > 0) problems.push(`${skipped} unit tests skipped`);
  failed += skipped;
  if (unit.numTotalTests === 0) problems.push('no unit tests ran');
  printSlowest(
    'unit',
    unit.testResults.map((f) => [f.name, f.endTime - f.startTime]),
  );
  console.log(
    `unit: ${unit.numTotalTests} tests in ${unit.testResults.length} files, ${countIn('vitest-assertions.txt') ?? '?'} assertions`,
  );
}

/** Each spec file's time: the sum of its tests' runs (they may have run on several workers). */
function browserFiles(suites, into = new Map()) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
      into.set(spec.file, (into.get(spec.file) ?? 0) + ms);
    }
    browserFiles(suite.suites, into);
  }
  return into;
}

const e2e = read('playwright.json');
if (e2e) {
  const s = e2e.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected + s.skipped;
  if (s.skipped > 0) problems.push(`${s.skipped} browser tests skipped`);
  if (s.expected + s.unexpected + s.flaky === 0) problems.push('no browser tests ran');
  printSlowest('browser', [...browserFiles(e2e.suites)]);
  const total = s.expected + s.unexpected + s.flaky + s.skipped;
  console.log(
    `browser: ${total} tests in ${seconds(s.duration)}, ${countIn('playwright-assertions.txt') ?? '?'} assertions`,
  );
}

for (const p of problems) console.log(`note: ${p}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && problems.length === 0 ? 0 : 1);
