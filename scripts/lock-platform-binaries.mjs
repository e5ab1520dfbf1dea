// The npm registry reachable here serves Biome's native binary only for Linux, so `npm install`
// leaves the other platforms' optional packages out of package-lock.json, and `npm ci` then refuses
// the lock as out of sync. This puts them back as optional entries restricted to their platform:
// npm skips them on Linux without fetching anything. Run it after any `npm install`.
import fs from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const PLATFORM = /^@biomejs\/cli-(android|darwin|linux|win32)-(arm64|x64)(-musl)?$/;

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM.exec(name);
    const key = `node_modules/${name}`;
    if (!match || lock.packages[key]) continue;
    const [, os, cpu, musl] = match;
    lock.packages[key] = {
      version,
      dev: entry.dev,
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(musl ? { libc: ['musl'] } : {}),
    };
    added += 1;
  }
}
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform-only optional entries added`);
