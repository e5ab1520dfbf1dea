import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { storedCells } from './xlsx-cells.test-kit';
import { cellStyleOf } from './xlsx-quote-prefix';
import { type ReportRow, xlsxChunks } from './xlsx-writer';

describe('cellStyleOf', () => {
  it.each(['=1+2', '+91 98765 43210', '-2+3', '@SUM(A1)', '\tx', '\rx', '\nx', '\u0000x', '\u001fx'])(
    'marks %j as quote-prefixed text',
    (text) => {
      expect(cellStyleOf(text)).toEqual({ quotePrefix: true });
    },
  );

  it.each(['plain', 'a=b', ' =1', '', "'already", -5, true, null, undefined])(
    'leaves %j unstyled',
    (value) => {
      expect(cellStyleOf(value)).toBeUndefined();
    },
  );
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
    // The value as typed, a string and never a formula, with the quote-prefix style; plain text has none.
    const formulaLike = sheet.getRow(9).getCell(1);
    expect(formulaLike.value).toBe('=HYPERLINK("x")');
    expect(formulaLike.type).toBe(ExcelJS.ValueType.String);
    const cells = await storedCells(Buffer.concat(chunks));
    expect(cells.get('A9')).toMatchObject({ formula: false, quotePrefix: true });
    expect(cells.get('A9')!.xml).toContain('t="str"><v>=HYPERLINK(&quot;x&quot;)</v>');
    expect(cells.get('A8')).toMatchObject({ formula: false, quotePrefix: false });
    expect([...cells.values()].filter((c) => c.quotePrefix || c.formula)).toHaveLength(1);
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
