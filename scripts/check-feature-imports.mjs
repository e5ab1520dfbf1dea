#!/usr/bin/env node
// Web features stay independent: a file in apps/web/src/features/<x>/ may import from its own
// feature, from app/ and components/, and from packages, never from another feature (shared pieces
// move to components/). Run by `npm run check`; exits 1 and names each offending import.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/web/src/features');
const importPattern = /(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });

const offences = [];
for (const file of files(root)) {
  const feature = path.relative(root, file).split(path.sep)[0];
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const target = path.resolve(path.dirname(file), match[1]);
    const relative = path.relative(root, target);
    if (relative.startsWith('..')) continue; // app/, components/, ... outside features
    const targetFeature = relative.split(path.sep)[0];
    if (targetFeature !== feature) {
      const line = text.slice(0, match.index).split('\n').length;
      offences.push(
        `${path.relative(process.cwd(), file)}:${line} imports features/${targetFeature} (${match[1]})`,
      );
    }
  }
}

if (offences.length > 0) {
  console.error('Imports from one web feature into another (move the shared piece to components/):');
  for (const offence of offences) console.error(`  ${offence}`);
  process.exit(1);
}
console.log('feature imports: ok');
