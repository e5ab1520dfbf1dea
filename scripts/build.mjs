// Builds what is out of date: the console with the member app (one dist folder) and the compiled
// server. A build is current when the content hash of its inputs matches the one written beside its
// output; timestamps are not trusted (a fresh clone gives every file a new one).
// `--force` rebuilds everything; `--check` only says what is stale (exit 1 if anything is); a target's
// name (`web`, `server`) limits the run to it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SHARED = [
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', '.vite']);

/** Each build: the files and folders it reads, where its output goes, and how it is made. */
const targets = [
  {
    name: 'web',
    what: 'the console and the member app',
    inputs: ['apps/web', 'apps/member', ...SHARED],
    output: 'apps/web/dist',
    steps: [
      ['npm', ['run', 'build', '-w', 'apps/web']],
      ['npm', ['run', 'build', '-w', 'apps/member']],
    ],
  },
  {
    name: 'server',
    what: 'the compiled server',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...SHARED],
    output: 'apps/server/dist',
    steps: [['node', ['apps/server/build.mjs']]],
  },
];

const isTest = (file) => /\.test\.tsx?$/.test(file);

function* filesUnder(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield relative;
    return;
  }
  for (const entry of fs
    .readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(child);
    else if (!isTest(entry.name)) yield child;
  }
}

/** One hash over every input's path and bytes, in a fixed order. */
function contentHash(target) {
  const hash = createHash('sha256');
  for (const input of target.inputs) {
    for (const file of filesUnder(input)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const stampOf = (target) => path.join(root, target.output, '.build-hash');
const stamped = (target) =>
  fs.existsSync(stampOf(target)) ? fs.readFileSync(stampOf(target), 'utf8').trim() : '';

const args = process.argv.slice(2);
const force = args.includes('--force');
const checkOnly = args.includes('--check');
const named = args.filter((a) => !a.startsWith('--'));
let stale = 0;
for (const target of targets.filter((t) => named.length === 0 || named.includes(t.name))) {
  const hash = contentHash(target);
  if (!force && stamped(target) === hash) {
    console.log(`build: ${target.what} is current (${hash.slice(0, 12)})`);
    continue;
  }
  stale += 1;
  if (checkOnly) {
    console.log(`build: ${target.what} is stale`);
    continue;
  }
  const started = Date.now();
  for (const [command, args] of target.steps) execFileSync(command, args, { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stampOf(target), `${hash}\n`);
  console.log(`build: ${target.what} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
if (checkOnly && stale > 0) process.exit(1);
