// Type-checks every workspace, as many programs at once as the machine has cores (each `tsc` is
// single-threaded). Workspaces with the same compiler options are one program, so what they share
// (the contract, the server's sources that the benchmarks import) is checked once:
// tsconfig.node.json (contract, server, benchmarks), tsconfig.browser.json (console, member app), e2e.
// Output is printed per project when it ends; the exit code is 1 if any project has errors.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);
// The two largest first, so the last fills in beside them.
const PROJECTS = ['tsconfig.node.json', 'tsconfig.browser.json', 'e2e'];
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
