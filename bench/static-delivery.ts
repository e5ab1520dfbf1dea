/**
 * What a browser downloads before it can show the sign-in page and the dashboard: the scripts and
 * styles it fetches, in compressed bytes as they crossed the wire (Chromium's own count), against
 * their uncompressed size and the smallest brotli the same files compress to (quality 11, the
 * ceiling). Then serving speed: each of those files fetched repeatedly from the product, against
 * a bare node:http server that sends the same brotli bytes from memory (the ceiling), same run.
 *
 *   npm run build && npx tsx bench/static-delivery.ts [ROUNDS]
 *
 * Starts the product on a fresh embedded database with demo data (as `npm start` does), on BENCH_PORT
 * (default 3190), signs in as the admin demo account in Debian's Chromium. Then the member app's first
 * load, as a phone opens a printed label (`/q/<code>`) with nothing cached, against its 100 KB budget.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { demoEmail } from '@app/contract/permissions';
import { chromium, type Page } from '@playwright/test';

const ROUNDS = Number(process.argv[2] ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const origin = `http://localhost:${PORT}`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('Build the web app first: npm run build');

async function startProduct(): Promise<ChildProcess> {
  // The server makes its data folder itself (embedded PostgreSQL runs as another user when started as root).
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
  fs.chmodSync(work, 0o755);
  const dataDir = path.join(work, 'data');
  const server = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', fs.openSync(path.join(work, 'server.log'), 'w'), 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the product did not start');
}

/** Scripts and styles the page fetched from /assets while `step` ran: path → bytes on the wire. */
async function assetsFetched(page: Page, step: () => Promise<void>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let last = performance.now();
  const listener = (response: import('@playwright/test').Response) => {
    last = performance.now();
    const url = new URL(response.url());
    const asset = url.pathname.startsWith('/assets/') || url.pathname.startsWith('/app/assets/');
    if (!asset || !/\.(js|css)$/.test(url.pathname)) return;
    pending.push(
      response
        .request()
        .sizes()
        .then((s) => {
          seen.set(url.pathname, s.responseBodySize);
        }),
    );
  };
  page.on('response', listener);
  await step();
  // Settled once a second passes without a response (Playwright's networkidle fires only once per page).
  while (performance.now() - last < 1000) await new Promise((r) => setTimeout(r, 100));
  await Promise.all(pending);
  page.off('response', listener);
  return seen;
}

function bestBrotli(file: string): number {
  return zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}

function describeLoad(label: string, fetched: Map<string, number>) {
  let wire = 0;
  let raw = 0;
  let best = 0;
  for (const [pathname, bytes] of fetched) {
    const file = path.join(dist, pathname);
    wire += bytes;
    raw += fs.statSync(file).size;
    best += bestBrotli(file);
  }
  console.log(
    `${label}: ${fetched.size} files, ${kb(wire)} on the wire (uncompressed ${kb(raw)}; brotli-11 ceiling ${kb(best)}; ${(wire / best).toFixed(2)}x)`,
  );
  return [...fetched.keys()];
}

/** Requests per second for `paths` fetched ROUNDS times each (4 at a time) with `accept-encoding: br`. */
async function throughput(base: string, paths: string[]): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const get = (p: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${base}${p}`, { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
          res.on('data', () => {});
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  const queue = Array.from({ length: ROUNDS }, () => paths).flat();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let p = queue.pop(); p; p = queue.pop()) await get(p);
    }),
  );
  agent.destroy();
  return (ROUNDS * paths.length) / ((performance.now() - t0) / 1000);
}

/** The ceiling: the same brotli bytes the build made, from memory, with no framework in between. */
function rawServer(paths: string[]): Promise<http.Server> {
  const bodies = new Map(paths.map((p) => [p, fs.readFileSync(path.join(dist, `${p}.br`))]));
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-encoding': 'br', 'content-type': 'text/javascript' });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, () => resolve(server)));
}

const product = await startProduct();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ baseURL: origin });
  const signInPage = await assetsFetched(page, async () => {
    await page.goto('/');
    await page.getByLabel('Email').waitFor();
  });
  const dashboard = await assetsFetched(page, async () => {
    await page.getByLabel('Email').fill(demoEmail('admin'));
    await page.getByLabel('Password').fill('demo1234');
    // The dashboard has drawn once its figures have arrived; the charts' scripts load by then.
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/dashboard'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
  });
  const first = describeLoad('sign-in page', signInPage);
  const then = describeLoad('dashboard, after sign-in (cached files not fetched again)', dashboard);
  // A phone opening a label: its own browser context, so nothing is cached.
  const phone = await browser.newPage({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const memberLoad = await assetsFetched(phone, async () => {
    await phone.goto('/q/ABCD-EFGH-JKLM');
    await phone.getByRole('heading', { name: 'Sign in' }).waitFor();
  });
  const memberFiles = describeLoad('member app, first load of /q/<code>', memberLoad);
  const memberJs = memberFiles
    .filter((p) => p.endsWith('.js'))
    .reduce((n, p) => n + (memberLoad.get(p) ?? 0), 0);
  console.log(`member app initial JS: ${kb(memberJs)} on the wire (budget 100 KB compressed)`);
  const withBr = [...first, ...then, ...memberFiles].filter((p) => fs.existsSync(path.join(dist, `${p}.br`)));
  const ceiling = await rawServer(withBr);
  const { port } = ceiling.address() as { port: number };
  await throughput(origin, withBr); // warm
  const productRate = await throughput(origin, withBr);
  const rawRate = await throughput(`http://localhost:${port}`, withBr);
  ceiling.close();
  console.log(
    `serving those ${withBr.length} files ×${ROUNDS}: product ${productRate.toFixed(0)} req/s, bare node:http ${rawRate.toFixed(0)} req/s (product time per request ${(rawRate / productRate).toFixed(2)}x the ceiling)`,
  );
} finally {
  await browser.close();
  if (product.pid) process.kill(-product.pid);
}
