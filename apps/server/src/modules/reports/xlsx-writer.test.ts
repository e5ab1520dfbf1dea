import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, type ReportRow, xlsxChunks } from './xlsx-writer';

describe('neutraliseCell', () => {
  it.each(['=1+2', '+91 98765 43210', '-2+3', '@SUM(A1)', '\tx', '\rx', '\nx', '\u0000x', '\u001fx'])(
    'prefixes %j with a single quote',
    (text) => {
      expect(neutraliseCell(text)).toBe(`'${text}`);
    },
  );

  it.each(['plain', 'a=b', ' =1', '', "'already"])('leaves %j alone', (text) => {
    expect(neutraliseCell(text)).toBe(text);
  });

  it('leaves numbers, booleans, dates and empties alone', () => {
    const day = new Date('2024-01-01T00:00:00Z');
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(day)).toBe(day);
    expect(neutraliseCell(null)).toBeNull();
    expect(neutraliseCell(undefined)).toBeNull();
  });
});

async function* batchesOf(rows: ReportRow[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

describe('xlsxChunks', () => {
  it('writes the header row and every row, with formula text inert', async () => {
    const columns = [
      { header: 'Name', key: 'name' },
      { header: 'Count', key: 'n' },
    ];
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      name: i === 7 ? '=HYPERLINK("x")' : `r${i}`,
      n: i,
    }));
    const progress: number[] = [];
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxChunks(columns, batchesOf(rows, 1000), async (n) => {
      progress.push(n);
    }))
      chunks.push(chunk);
    expect(progress).toEqual([1000, 2000, 2500]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Count']);
    expect(sheet.getRow(9).getCell(1).value).toBe(`'=HYPERLINK("x")`);
    expect(sheet.getRow(9).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2501).values).toEqual([undefined, 'r2499', 2499]);
  });

  it('stops reading rows when the consumer stops', async () => {
    let batchesRead = 0;
    async function* endless() {
      while (true) {
        batchesRead++;
        yield Array.from({ length: 1000 }, (_, i) => ({ name: `row ${i} ${'x'.repeat(50)}` }));
      }
    }
    for await (const _chunk of xlsxChunks([{ header: 'Name', key: 'name' }], endless())) break;
    const readWhenStopped = batchesRead;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batchesRead).toBeLessThanOrEqual(readWhenStopped + 1);
  });
});
