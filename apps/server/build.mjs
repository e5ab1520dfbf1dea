// Compiles the server to plain JavaScript in dist/, so that `npm start` runs `node` and never compiles
// TypeScript at run time. npm packages stay external (they are installed beside it); the contract is
// TypeScript source and is bundled in. Files the code reads beside itself are copied next to the bundle:
// every module's `import.meta.url` is dist/'s once bundled.
//   node apps/server/build.mjs                  the server, into dist/
//   node apps/server/build.mjs ENTRY OUTDIR     another entry the same way (bench/startup.ts's floor)
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const [otherEntry, otherOut] = process.argv.slice(2);
const out = otherOut ? path.resolve(otherOut) : path.join(here, 'dist');
const manifest = (file) => JSON.parse(fs.readFileSync(path.join(here, file), 'utf8'));
const own = manifest('package.json');
const contract = manifest('../../packages/contract/package.json');
const installed = new Set(
  [own.dependencies, own.optionalDependencies, contract.dependencies].flatMap((d) => Object.keys(d ?? {})),
);
installed.delete('@app/contract');
const external = [...installed].flatMap((name) => [name, `${name}/*`]);

fs.rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: otherEntry
    ? { [path.basename(otherEntry, '.ts')]: path.resolve(otherEntry) }
    : {
        server: path.join(here, 'src/server.ts'),
        'read-xlsx.worker': path.join(here, 'src/lib/sheet-upload/read-xlsx.entry.ts'),
      },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  // Names stay as written: error messages, logs and the audit name functions and classes.
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});

const besideTheCode = [
  ['src/db/migrations', 'migrations'],
  ['src/lib/geo/india-pincodes.tsv.gz', 'india-pincodes.tsv.gz'],
  ['src/lib/geo/india-states.json.gz', 'india-states.json.gz'],
];
for (const [from, to] of besideTheCode)
  fs.cpSync(path.join(here, from), path.join(out, to), { recursive: true });
