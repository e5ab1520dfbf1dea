import fs from 'node:fs';
import path from 'node:path';
import type { Endpoint } from '@app/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const contractFolder = path.resolve(import.meta.dirname, '../../../packages/contract/src');
const contractModules = () =>
  Promise.all(
    fs
      .readdirSync(contractFolder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
      .map((name) => import(path.join(contractFolder, name)) as Promise<Record<string, unknown>>),
  );

const isEndpoint = (value: object): value is Endpoint =>
  'method' in value && 'path' in value && 'access' in value && 'summary' in value;

/** Every endpoint the contract declares, found in its exports and the objects that group them. */
async function declaredEndpoints(): Promise<Endpoint[]> {
  const found = new Set<Endpoint>();
  const walk = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > 4) return;
    // A Zod schema is an object too; endpoints never live inside one.
    if ('_zod' in value || 'safeParse' in value) return;
    if (isEndpoint(value)) found.add(value);
    else for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  for (const exports of await contractModules()) walk(exports, 0);
  return [...found];
}

let t: TestApp;
let declared: Endpoint[];
beforeAll(async () => {
  t = await createTestApp();
  declared = await declaredEndpoints();
});
afterAll(() => t.close());

/**
 * Routes that are no part of the typed client: the load balancer's and orchestrator's probes and the
 * delivery receipts that SMS providers post in their own formats.
 */
const PLAIN_ROUTES = [
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/messages/receipts/twilio',
  'POST /api/messages/receipts/msg91',
];

const key = (method: string, path: string) => `${method} ${path}`;

describe('the typed client and the server agree', () => {
  it('every declared endpoint is served', () => {
    const served = new Set(t.app.accessTable.map((route) => key(route.method, route.url)));
    const unserved = declared.map((e) => key(e.method, `/api${e.path}`)).filter((k) => !served.has(k));
    expect(unserved).toEqual([]);
  });

  it('every API route is declared', () => {
    const declaredKeys = new Set(declared.map((e) => key(e.method, `/api${e.path}`)));
    const undeclared = t.app.accessTable
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => key(route.method, route.url))
      .filter((k) => !declaredKeys.has(k) && !PLAIN_ROUTES.includes(k));
    expect(undeclared).toEqual([]);
  });
});
