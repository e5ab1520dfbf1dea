#!/usr/bin/env node
// The console and the member app call the API only through contract endpoints (packages/contract,
// `call(endpoints.x, …)`), never through a hand-written path: a string or template holding an
// `admin/…` or `field/…` API path, or any `/api/…` path, is refused. (The member app's own screens
// live under `/app/…`, so only `/api/app/…` is an API path there.) Comments may name paths. Run by
// `npm run check`.
import fs from 'node:fs';
import path from 'node:path';

const roots = ['apps/web/src', 'apps/member/src'].map((r) => path.resolve(import.meta.dirname, '..', r));
// A quote or backtick, then an API area: '/admin/x', `admin/${id}`, "/api/admin", '/api/app/uploads'.
const literal = /['"`](?:(?:\/api)?\/?(?:admin|field)\/|\/api\/)[^'"`\s]*/g;

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
    `\n${found.length} API path literal${found.length === 1 ? '' : 's'} in app code: refused. An app ` +
      'calls the API only through the contract: declare the endpoint in packages/contract (endpoint(...), ' +
      'the kits of endpoint-kits.ts) and call it with call(endpoints.x, …), useEndpoint, or resourceOf ' +
      'for a list.',
  );
  process.exit(1);
}
console.log('API path literals in app code: none');
