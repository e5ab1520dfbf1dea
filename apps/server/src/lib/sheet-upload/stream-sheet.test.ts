import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptText } from '../field-crypto';
import { closeSheetPool, streamSheet } from './sheet-pool';
import type { SheetChunk } from './stream-xlsx';

afterAll(() => closeSheetPool());

const COLUMNS = ['Code', 'PIN'] as const;

/** A workbook of `n` rows (every seventh without a PIN), its columns in another order than COLUMNS. */
async function workbook(n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Codes');
  ws.addRow(['PIN', 'Note', 'Code']);
  for (let i = 1; i <= n; i++) ws.addRow([i % 7 === 0 ? '' : `P${i}`, 'x', `C${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('streamSheet', () => {
  it('hands every row over in chunks, cells in template order, the sealed column sealed in every chunk', async () => {
    const key = randomBytes(32);
    const chunks: SheetChunk[] = [];
    await streamSheet(await workbook(5_000), COLUMNS, { seal: { column: 'PIN', key } }, (c) =>
      chunks.push(c),
    );
    expect(chunks.length).toBeGreaterThan(2);
    const rows = chunks.flatMap((c) => c.rows);
    expect(rows).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 2));
    for (const chunk of chunks)
      for (const [i, row] of chunk.rows.entries()) {
        const n = row - 1;
        const pin = n % 7 === 0 ? '' : `P${n}`;
        expect(chunk.cells.slice(i * 2, i * 2 + 2)).toEqual([`C${n}`, pin]);
        const sealed = chunk.sealed![i];
        expect(sealed === null ? '' : decryptText(key, sealed!)).toBe(pin);
      }
  });

  it('refuses a file over its row limit with 400, after rows were already handed over', async () => {
    let handed = 0;
    const read = streamSheet(await workbook(5_000), COLUMNS, { maxRows: 4_500 }, (c) => {
      handed += c.rows.length;
    });
    await expect(read).rejects.toMatchObject({
      statusCode: 400,
      message: 'file: At most 4,500 rows per file',
    });
    expect(handed).toBeGreaterThan(0);
  });

  it('fails the read with the error of the receiver', async () => {
    const read = streamSheet(await workbook(10), COLUMNS, {}, () => {
      throw new Error('receiver failed');
    });
    await expect(read).rejects.toThrow('receiver failed');
  });
});
