#!/usr/bin/env node
// Server modules meet through their public faces (docs/architecture.md): a file in
// apps/server/src/modules/<a>/ imports another module only as `'../<b>'` (its index.ts), never a file
// inside it, so a module can change its insides without breaking its neighbours. Test files and test
// kits may also import another module's `*.test-kit.ts` (its public face for tests). The allow-list
// below names the imports still left, each with its reason; it may only shrink. Run by `npm run check`;
// exits 1 and names each offending import.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src/modules');
const importPattern = /(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g;

const CIRCLE =
  'the two modules use each other; through the index.ts the files would import each other in a circle (move the shared piece to the module that owns it, then import the face)';

/** `<importing module>/<file> -> <module>/<file>`: why the import is still inside another module. */
const allowed = {
  'redemptions/redemptions.repository.ts -> gift-vouchers/voucher-stock': CIRCLE,
  'redemptions/rewards.repository.ts -> gift-vouchers/voucher-stock': CIRCLE,
};

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

const isTest = (file) => /\.test(-kit)?\.ts$/.test(file);
const offences = [];
const used = new Set();
for (const file of files(root)) {
  const from = path.relative(root, file);
  const [module] = from.split(path.sep);
  if (from === 'index.ts') continue; // the registry of every module's contribution (*.module.ts)
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const target = path.relative(root, path.resolve(path.dirname(file), match[1]));
    if (target.startsWith('..')) continue; // lib/, db/, plugins/, ...
    const [other, ...inside] = target.split(path.sep);
    if (other === module || inside.length === 0 || (inside.length === 1 && inside[0] === 'index')) continue;
    if (isTest(from) && /\.test-kit$/.test(target)) continue;
    const key = `${from.split(path.sep).join('/')} -> ${target.split(path.sep).join('/')}`;
    if (Object.hasOwn(allowed, key)) {
      used.add(key);
      continue;
    }
    const line = text.slice(0, match.index).split('\n').length;
    offences.push(
      `modules/${from}:${line} imports ${match[1]} (import '../${other}' and export it from ${other}/index.ts)`,
    );
  }
}
const stale = Object.keys(allowed).filter((key) => !used.has(key));

if (offences.length > 0 || stale.length > 0) {
  if (offences.length > 0) {
    console.error("Imports into another server module's files (go through its index.ts):");
    for (const offence of offences) console.error(`  ${offence}`);
  }
  if (stale.length > 0) {
    console.error('Allow-list entries no longer needed (remove them from scripts/check-module-imports.mjs):');
    for (const key of stale) console.error(`  ${key}`);
  }
  process.exit(1);
}
console.log(`module imports: ok (${used.size} allowed with a reason)`);
