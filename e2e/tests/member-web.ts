import { writeFileSync } from 'node:fs';
import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { bearer, staffToken } from './member-app';

/** The staff session's storage keys (shell spec): the member app must never hold them. */
export const STAFF_KEYS = ['token', 'userRole', 'roleName', 'email', 'data'];
export const MEMBER_TOKEN_KEY = 'member-app.token';

/** Almond team: sees live codes in full (it prints them) and approves pending users. */
export const almondToken = (request: APIRequestContext) => staffToken(request, demoEmail('almond team'));

/** A fresh mobile number no demo member has. */
export const newMobile = () =>
  `8${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;

/** Active (allocated, unscanned) codes from the demo invoices, as printed on labels. */
export async function activeCodes(request: APIRequestContext, staff: string, wanted: number) {
  const invoices = await request.get('/api/admin/invoice-wise-coupons?perPage=50', {
    headers: bearer(staff),
  });
  expect(invoices.status(), await invoices.text()).toBe(200);
  const codes: string[] = [];
  const filter = encodeURIComponent(JSON.stringify({ status: 'active' }));
  for (const invoice of (await invoices.json()).rows as { id: number }[]) {
    const res = await request.get(
      `/api/admin/invoice-wise-coupons/${invoice.id}/coupons?perPage=20&filter=${filter}`,
      {
        headers: bearer(staff),
      },
    );
    const rows = (await res.json()).rows as { code: string; status: string }[];
    codes.push(...rows.filter((r) => r.status === 'active').map((r) => r.code));
    if (codes.length >= wanted) return codes;
  }
  throw new Error(`only ${codes.length} active codes in the demo data`);
}

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
 * A Y4M video (Chromium's `--use-file-for-fake-video-capture`) of a printed label's QR: the label's
 * own link (`<base>/q/<code>`), encoded as the label PDF encodes it (the same `qrcode` library and
 * error correction, modules/coupon-prints/label-pdf.ts), dark modules on white with the quiet zone.
 */
export function labelVideo(file: string, text: string, size = 480, frames = 10) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(size / (modules + 8));
  const offset = Math.floor((size - modules * scale) / 2);
  const luma = Buffer.alloc(size * size, 235);
  for (let y = 0; y < modules; y++)
    for (let x = 0; x < modules; x++)
      if (qr.modules.get(x, y))
        for (let dy = 0; dy < scale; dy++)
          luma.fill(
            16,
            (offset + y * scale + dy) * size + offset + x * scale,
            (offset + y * scale + dy) * size + offset + (x + 1) * scale,
          );
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${size} H${size} F5:1 Ip A1:1 C420jpeg\n`),
      ...Array(frames).fill(frame),
    ]),
  );
}
