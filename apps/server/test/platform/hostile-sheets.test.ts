import { setTimeout as sleep } from 'node:timers/promises';
import { POINTS_UPLOAD_COLUMNS } from '@app/contract/scheme-points';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../src/lib/sheet-upload/read-xlsx';
import { multipartBody } from '../../src/modules/invoices/invoices.test-kit';
import { createTestApp, type TestApp } from '../harness';
import { hostileXlsx, repeated } from './xlsx-bytes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const header = `<row r="1">${POINTS_UPLOAD_COLUMNS.map((c) => `<c t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;

/**
 * Uploads `content` as a points sheet and, while it is in flight, asks /api/health again and again.
 * A parser on the event loop would hold every health request until the upload is answered.
 */
async function uploadWhileProbing(content: Buffer) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  let inFlight = true;
  const upload = t
    .as('admin', {
      method: 'POST',
      url: '/api/admin/scheme-points/upload',
      ...multipartBody('x.xlsx', content),
    })
    .finally(() => {
      inFlight = false;
    });
  const healthDuringUpload: number[] = [];
  while (inFlight) {
    const health = await t.app.inject({ url: '/api/health' });
    if (inFlight) healthDuringUpload.push(health.statusCode);
    peak = Math.max(peak, process.memoryUsage().rss);
    await sleep(2);
  }
  return { res: await upload, healthDuringUpload, rssGrowthMb: (peak - rssBefore) / 1024 / 1024 };
}

const cases: [string, () => Promise<Buffer>, RegExp][] = [
  [
    'cell bomb: a small file of 3,000,000 empty cells',
    () =>
      hostileXlsx({
        sheet: [
          `<worksheet><sheetData>${header}<row r="2">`,
          repeated('<c/>', 3_000_000),
          '</row></sheetData></worksheet>',
        ],
      }),
    /more than 10,00,000 cells/,
  ],
  [
    'zip bomb: shared texts that unpack to 160 MB',
    () =>
      hostileXlsx({
        sheet: [`<worksheet><sheetData>${header}</sheetData></worksheet>`],
        sharedStrings: [
          '<sst>',
          repeated('<si><t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</t></si>', 2_500_000),
          '</sst>',
        ],
      }),
    /sharedStrings\.xml unpacks to more than 32 MB/,
  ],
  [
    'whitespace bomb: 200 MB of spaces between two tags',
    () =>
      hostileXlsx({
        sheet: [
          `<worksheet><sheetData>${header}`,
          repeated(' ', 200 * 1024 * 1024),
          '</sheetData></worksheet>',
        ],
      }),
    /sheet1\.xml unpacks to more than 32 MB/,
  ],
];

describe('hostile workbooks', () => {
  it.each(cases)(
    '%s: 400 on the file, health answers throughout, memory bounded',
    async (_name, make, message) => {
      const content = await make();
      expect(content.length).toBeLessThan(1024 * 1024);
      const { res, healthDuringUpload, rssGrowthMb } = await uploadWhileProbing(content);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.file).toMatch(message);
      expect(healthDuringUpload.length).toBeGreaterThanOrEqual(5);
      expect(healthDuringUpload.every((code) => code === 200)).toBe(true);
      expect(rssGrowthMb).toBeLessThan(300);
    },
  );

  it('refuses a cell longer than the limit, naming its row', async () => {
    const long = 'x'.repeat(SHEET_LIMITS.cellChars + 1);
    const content = await hostileXlsx({
      sheet: [
        `<worksheet><sheetData>${header}<row r="2"><c t="inlineStr"><is><t>${long}</t></is></c></row></sheetData></worksheet>`,
      ],
    });
    const res = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/scheme-points/upload',
      ...multipartBody('x.xlsx', content),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/Row 2: a cell is longer than 2,000 characters/);
  });

  it('refuses more data rows than a file may hold while reading them', async () => {
    const row = (n: number) => `<row r="${n}"><c t="inlineStr"><is><t>S${n}</t></is></c></row>`;
    const rows = Array.from({ length: SHEET_LIMITS.dataRows + 1 }, (_, i) => row(i + 2)).join('');
    const content = await hostileXlsx({
      sheet: [`<worksheet><sheetData>${header}${rows}</sheetData></worksheet>`],
    });
    const res = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/scheme-points/upload',
      ...multipartBody('x.xlsx', content),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/At most 20,000 rows per file/);
  });
});
