import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';

// A built app in miniature: index.html and one hashed script big enough to be worth compressing.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
const script = `console.log(${JSON.stringify('loyalty '.repeat(2000))});\n`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
// The build's brotli copy of a second script: sent as it is, not compressed again.
const prebuilt = `console.log(${JSON.stringify('rewards '.repeat(2000))});\n`;
fs.writeFileSync(path.join(dist, 'assets', 'page-Ef56Gh78.js'), prebuilt);
const prebuiltBr = zlib.brotliCompressSync(prebuilt, {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
});
fs.writeFileSync(path.join(dist, 'assets', 'page-Ef56Gh78.js.br'), prebuiltBr);
// The member app's build (apps/member) under dist/app: its own page and hashed files.
fs.mkdirSync(path.join(dist, 'app', 'assets'), { recursive: true });
fs.writeFileSync(path.join(dist, 'app', 'index.html'), '<!doctype html><div id="member-root"></div>');
fs.writeFileSync(path.join(dist, 'app', 'assets', 'index-Zz99Yy88.js'), script);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app delivery', () => {
  it('serves hashed assets compressed and cached for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's brotli copy when there is one", async () => {
    const res = await t.app.inject({
      url: '/assets/page-Ef56Gh78.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(prebuiltBr)).toBe(true);
    const plain = await t.app.inject({ url: '/assets/page-Ef56Gh78.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(prebuilt);
  });

  it('sends uncompressed bytes to a client that does not accept an encoding', async () => {
    const res = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('has index.html revalidated on every load, for deep links too', async () => {
    for (const url of ['/index.html', '/dashboard/users']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('opens the member app, not the back-office, on /app and on a label link /q/<code>', async () => {
    for (const url of ['/app', '/app/', '/app/rewards', '/q/ABCD-EFGH-JKLM', '/q/ABCD?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toContain('member-root');
    }
    for (const url of ['/dashboard/users', '/apps', '/quiz']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ url: '/app/assets/index-Zz99Yy88.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
