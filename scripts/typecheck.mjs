// Type-checks every project, as many at once as the machine has cores (each `tsc` is single-threaded).
// Output is printed per project when it ends; the exit code is 1 if any project has errors.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);
// The two largest first, so the rest fill in beside them.
const PROJECTS = ['apps/web', 'apps/server', 'packages/contract', 'apps/member', 'e2e', 'bench'];
const queue = [...PROJECTS];
let failed = 0;

async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const started = Date.now();
    const result = await run('npx', ['tsc', '-p', project], { maxBuffer: 64 * 1024 * 1024 }).catch((e) => e);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    if (result.code) failed += 1;
    console.log(
      `tsc -p ${project}: ${result.code ? 'errors' : 'ok'} (${seconds} s)${output ? `\n${output}` : ''}`,
    );
  }
}

await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), PROJECTS.length) }, worker));
process.exit(failed ? 1 : 0);
