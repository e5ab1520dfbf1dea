#!/usr/bin/env node
// The web calls the API only through contract endpoints (packages/contract, `call(endpoints.x, …)`),
// never through a hand-written path: a string or template holding `admin/…`, `app/…` or `field/…`
// API paths in apps/web/src is refused. Comments may name paths. Run by `npm run check`.
// (Issue 23 moved every literal the web had into the contract; none is allowed back.)
import fs from 'node:fs';
import path from 'node:path';

const roots = ['apps/web/src'].map((r) => path.resolve(import.meta.dirname, '..', r));
// A quote or backtick, an optional slash, then an API area: '/admin/x', `admin/${id}`, "/api/admin".
const literal = /['"`](?:\/api)?\/?(?:admin|field)\/[^'"`\s]*/g;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The text without comments (so a doc comment may name the path it documents). */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const found = [];
for (const file of roots.flatMap(files)) {
  const text = code(fs.readFileSync(file, 'utf8'));
  for (const match of text.matchAll(literal)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push(`${path.relative(process.cwd(), file)}:${line} ${match[0]}`);
  }
}
if (found.length > 0) {
  console.error(found.join('\n'));
  console.error(
    `\n${found.length} API path literal${found.length === 1 ? '' : 's'} in web code: refused. The web ` +
      'calls the API only through the contract: declare the endpoint in packages/contract (endpoint(...), ' +
      'the kits of endpoint-kits.ts) and call it with call(endpoints.x, …), useEndpoint, or resourceOf ' +
      'for a list.',
  );
  process.exit(1);
}
console.log('API path literals in web code: none');
