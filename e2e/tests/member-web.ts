import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { bearer, staffToken } from './member-app';

/** The staff session's storage keys (shell spec): the member app must never hold them. */
export const STAFF_KEYS = ['token', 'userRole', 'roleName', 'email', 'data'];
export const MEMBER_TOKEN_KEY = 'member-app.token';

/** Almond team: sees live codes in full (it prints them) and approves pending users. */
export const almondToken = (request: APIRequestContext) => staffToken(request, demoEmail('almond team'));

/** A fresh mobile number no demo member has. */
export const newMobile = () =>
  `8${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** Active (allocated, unscanned) codes from the demo invoices, with their serials, as printed on labels. */
export async function activeCoupons(request: APIRequestContext, staff: string, wanted: number) {
  const invoices = await request.get('/api/admin/invoice-wise-coupons?perPage=50', {
    headers: bearer(staff),
  });
  expect(invoices.status(), await invoices.text()).toBe(200);
  const coupons: { code: string; serial: number }[] = [];
  const filter = encodeURIComponent(JSON.stringify({ status: 'active' }));
  for (const invoice of (await invoices.json()).rows as { id: number }[]) {
    const res = await request.get(
      `/api/admin/invoice-wise-coupons/${invoice.id}/coupons?perPage=20&filter=${filter}`,
      { headers: bearer(staff) },
    );
    const rows = (await res.json()).rows as { code: string; serial: number; status: string }[];
    coupons.push(...rows.filter((r) => r.status === 'active'));
    if (coupons.length >= wanted) return coupons;
  }
  throw new Error(`only ${coupons.length} active codes in the demo data`);
}

export const activeCodes = async (request: APIRequestContext, staff: string, wanted: number) =>
  (await activeCoupons(request, staff, wanted)).map((c) => c.code);

/** The member token the app stored, and the member's scan entries in the ledger. */
export async function memberScans(page: Page, request: APIRequestContext) {
  const token = await page.evaluate((key) => localStorage.getItem(key), MEMBER_TOKEN_KEY);
  expect(token).toBeTruthy();
  const res = await request.get('/api/app/ledger?perPage=100', { headers: bearer(token ?? '') });
  const rows = (await res.json()).rows as { kind: string }[];
  return { token: token ?? '', scans: rows.filter((r) => r.kind === 'scan').length };
}

/** No staff token in storage, and every script the page loaded is the member bundle's. */
export async function expectNoStaffPieces(page: Page, scripts: string[]) {
  const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  for (const key of STAFF_KEYS) expect(keys).not.toContain(key);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toMatch(/^\/app\//);
}

/**
 * The product's own label for one serial: a thermal print ordered on Punch History as a printer
 * would (almond team prints), rendered by the background job, and its PDF downloaded.
 */
export async function printedLabelPdf(request: APIRequestContext, staff: string, serial: number) {
  const created = await request.post('/api/admin/coupon-prints', {
    headers: bearer(staff),
    data: { fromSerial: serial, toSerial: serial, layout: 'thermal', copies: 1 },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { id } = (await created.json()) as { id: number };
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/admin/coupon-prints/${id}`, { headers: bearer(staff) });
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 120_000 },
    )
    .toBe('ready');
  const file = await request.get(`/api/admin/coupon-prints/${id}/file`, { headers: bearer(staff) });
  expect(file.status()).toBe(200);
  return file.body();
}

/**
 * A Y4M video (Chromium's `--use-file-for-fake-video-capture`) of a printed label: the label PDF
 * rasterised in grey by poppler's `pdftoppm` (Debian's poppler-utils) at 250 dpi, the way a phone
 * camera sees the paper, centred on a white 640 × 480 frame.
 */
export function labelVideoFromPdf(file: string, pdf: Buffer, frames = 10) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'label-'));
  writeFileSync(path.join(dir, 'label.pdf'), pdf);
  execFileSync('pdftoppm', ['-gray', '-r', '250', '-singlefile', 'label.pdf', 'label'], { cwd: dir });
  const image = readFileSync(path.join(dir, 'label.pgm'));
  rmSync(dir, { recursive: true, force: true });
  // PGM (P5): "P5", width, height, maxval, each followed by whitespace, then one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a greyscale PGM');
  const [head, w, h] = [header[0].length, Number(header[1]), Number(header[2])];
  const [width, height] = [640, 480];
  if (w > width || h > height) throw new Error(`the label is ${w} × ${h} px, larger than the frame`);
  const luma = Buffer.alloc(width * height, 255);
  const [left, top] = [Math.floor((width - w) / 2), Math.floor((height - h) / 2)];
  for (let y = 0; y < h; y++) image.copy(luma, (top + y) * width + left, head + y * w, head + (y + 1) * w);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`),
      ...Array(frames).fill(frame),
    ]),
  );
}
