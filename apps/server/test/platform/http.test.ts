import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_LOG_PATHS } from '../../src/app';
import { createTestApp, type TestApp } from '../harness';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'trace', stream: sink, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } },
    env: { WEB_ORIGINS: 'https://admin.example.test' },
  });
});
afterAll(() => t.close());

describe('HTTP platform', () => {
  it('sends pages a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    // A plain-HTTP deployment on a LAN address must still load its own assets.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('lets only the member app compile WebAssembly (its QR reader), still with no inline script or eval', async () => {
    const scriptSrc = async (url: string) =>
      String((await t.app.inject({ url })).headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))
        ?.trim();
    for (const url of ['/app/', '/q/ABCD2345EFGH'])
      expect(await scriptSrc(url), url).toBe("script-src 'self' 'wasm-unsafe-eval'");
    for (const url of ['/login', '/dashboard/users', '/application'])
      expect(await scriptSrc(url), url).toBe("script-src 'self'");
  });

  it('sends API answers (errors too) the headers that apply to JSON: no sniffing, framing or embedding', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('gives every response a request id, keeping a well-formed one the caller sent', async () => {
    const a = await t.app.inject({ url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(b.headers['x-request-id']).toBe('trace-123');
  });

  it('answers unknown API paths and oversize bodies with the uniform error shape', async () => {
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('publishes an OpenAPI document generated from the route schemas, and its UI', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(
      spec.paths['/api/admin/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });

  it('allows only the configured web origins across origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/admin/me',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    expect((await preflight('https://admin.example.test')).headers['access-control-allow-origin']).toBe(
      'https://admin.example.test',
    );
    expect(
      (await preflight('https://evil.example.test')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('keeps passwords and tokens out of the logs', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'cs@demo.local', password: 'demo1234' },
    });
    const token = login.json().token as string;
    await t.app.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/updatePassword',
      headers: { authorization: token },
      payload: { password: 'abc' },
    });
    const all = logLines.join('');
    expect(all).toContain('/api/admin/me');
    expect(all).not.toContain(token);
    expect(all).not.toContain('demo1234');
  });
});

describe('login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(() => limited.close());

  it('refuses a fourth sign-in attempt within the minute from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'x@demo.local', password: 'nope' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
