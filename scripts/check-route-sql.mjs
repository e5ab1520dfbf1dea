#!/usr/bin/env node
// Route files never touch the database (docs/architecture.md): a file
// apps/server/src/modules/**/*routes.ts imports no drizzle-orm and no db/schema (Biome
// noRestrictedImports in biome.json) and runs no SQL by hand: no `.executeSql(` and no
// `db.select(` / `tx.insert(` / `database.execute(` ... Queries live in the module's repository or
// service. Run by `npm run check`; exits 1 and names each offending line.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src/modules');
const forbidden =
  /\.executeSql\(|\b(?:db|tx|database)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute)\s*\(/;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /routes\.ts$/.test(entry.name) ? [full] : [];
  });

const offences = [];
for (const file of files(root)) {
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (forbidden.test(line))
        offences.push(`${path.relative(process.cwd(), file)}:${index + 1} ${line.trim()}`);
    });
}

if (offences.length > 0) {
  console.error("SQL in route files (move it to the module's repository or service):");
  for (const offence of offences) console.error(`  ${offence}`);
  process.exit(1);
}
