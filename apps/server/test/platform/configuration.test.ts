import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config';
import { prepareOptions } from '../../src/prepare';

const serverDir = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverDir, '../..');

/** The variables of README's configuration table; build-time ones (the web's) are not the server's. */
function readmeVariables(): { server: Set<string>; buildTime: Set<string> } {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split('### Configuration (environment)')[1]!.split(/\n\n/)[0]!;
  const server = new Set<string>();
  const buildTime = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const firstCell = row.split('|')[1]!;
    const names = [...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!);
    for (const name of names) (firstCell.includes('build time') ? buildTime : server).add(name);
  }
  return { server, buildTime };
}

/** Every `env.NAME` / `env['NAME']` in the server's source, plus the configuration schema's keys. */
function serverVariables(): Set<string> {
  const names = new Set(CONFIG_VARIABLES);
  const files = fs.readdirSync(path.join(serverDir, 'src'), { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = fs.readFileSync(path.join(serverDir, 'src', file), 'utf8');
    for (const m of source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g))
      names.add((m[1] ?? m[2])!);
  }
  return names;
}

describe("README's configuration table", () => {
  it('names exactly the variables the server reads', () => {
    const { server } = readmeVariables();
    expect([...server].sort()).toEqual([...serverVariables()].sort());
  });

  it('says how to make the production secrets', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const row = readme.split('\n').find((l) => l.startsWith('| `ENCRYPTION_KEY`'));
    expect(row).toContain('openssl rand -hex 32');
  });
});

describe('SCAN_BASE_URL', () => {
  const production = {
    DATABASE_URL: 'postgres://db.example/prod',
    ENCRYPTION_KEY: 'ef'.repeat(32),
    SMS_SENDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 't',
    TWILIO_FROM: '+15005550006',
  };

  it('is required in production, where localhost would be printed on coupons', () => {
    expect(() => loadConfig(production)).toThrow(/SCAN_BASE_URL is required in production/);
    expect(loadConfig({ ...production, SCAN_BASE_URL: 'https://scan.example.in' }).scanBaseUrl).toBe(
      'https://scan.example.in',
    );
    // The demo profile keeps its local address.
    expect(loadConfig({}).scanBaseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).scanBaseUrl).toBe('http://localhost:3000');
  });
});

describe('ADMIN_PASSWORD', () => {
  it('obeys the one password rule', () => {
    const config = loadConfig({});
    const env = { ADMIN_EMAIL: 'first@example.test' };
    expect(() => prepareOptions(config, { ...env, ADMIN_PASSWORD: '123456' })).toThrow(
      /ADMIN_PASSWORD: .*too common/,
    );
    expect(() => prepareOptions(config, { ...env, ADMIN_PASSWORD: 'abc' })).toThrow(/at least 6/);
    expect(prepareOptions(config, { ...env, ADMIN_PASSWORD: 'Monsoon-Ledger-7' }).firstAdmin).toEqual({
      email: 'first@example.test',
      password: 'Monsoon-Ledger-7',
    });
  });
});
