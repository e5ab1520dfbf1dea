#!/usr/bin/env -S npx tsx
// The data inventory of docs/privacy.md covers every column of every table in apps/server/src/db/schema:
// each is listed as personal (a row of its table's inventory) or as not personal. A new column in neither
// list fails `npm run check`, naming it, so personal data never enters the schema unrecorded.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

export interface SchemaColumn {
  table: string;
  column: string;
}

const root = path.resolve(import.meta.dirname, '..');
export const INVENTORY = path.join(root, 'docs/privacy.md');
const SCHEMA = path.join(root, 'apps/server/src/db/schema');

/** Every table and column the Drizzle schema declares. */
export async function schemaColumns(dir = SCHEMA): Promise<SchemaColumn[]> {
  const out: SchemaColumn[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      for (const column of config.columns) out.push({ table: config.name, column: column.name });
    }
  }
  return out;
}

/** The inventory: per `### \`table\`` section, personal columns (table rows) and not-personal ones. */
export function parseInventory(markdown: string) {
  const personal = new Set<string>();
  const incomplete = new Set<string>();
  const notPersonal = new Set<string>();
  let table: string | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^### `([a-z0-9_]+)`\s*$/.exec(line);
    if (heading) {
      table = heading[1]!;
      continue;
    }
    if (!table) continue;
    const row = /^\| `([a-z0-9_]+)` \|(.+)\|\s*$/.exec(line);
    if (row) {
      // A personal column names its data, purpose, retention and who may see it: none left empty.
      const cells = row[2]!.split('|').map((c) => c.trim());
      personal.add(`${table}.${row[1]}`);
      if (cells.length !== 4 || !cells.every(Boolean)) incomplete.add(`${table}.${row[1]}`);
    } else if (line.startsWith('Not personal:'))
      for (const m of line.matchAll(/`([a-z0-9_]+)`/g)) notPersonal.add(`${table}.${m[1]}`);
  }
  return { personal, incomplete, notPersonal };
}

/** What is wrong with the inventory against the schema, one line per column; empty when it holds. */
export function inventoryProblems(columns: readonly SchemaColumn[], markdown: string): string[] {
  const { personal, incomplete, notPersonal } = parseInventory(markdown);
  const problems: string[] = [];
  const known = new Set(columns.map((c) => `${c.table}.${c.column}`));
  for (const key of incomplete)
    problems.push(`${key}: a personal column needs its data, purpose, retention and who may see it`);
  for (const key of known) {
    const p = personal.has(key);
    const n = notPersonal.has(key);
    if (!p && !n)
      problems.push(
        `${key}: not in the data inventory (docs/privacy.md): list it as personal or not personal`,
      );
    if (p && n) problems.push(`${key}: listed both as personal and as not personal`);
  }
  for (const key of [...personal, ...notPersonal])
    if (!known.has(key)) problems.push(`${key}: in the inventory but not in the schema`);
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const problems = inventoryProblems(await schemaColumns(), fs.readFileSync(INVENTORY, 'utf8'));
  if (problems.length > 0) {
    console.error('The data inventory (docs/privacy.md) does not match the schema:');
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
}
