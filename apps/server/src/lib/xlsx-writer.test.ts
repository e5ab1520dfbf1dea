import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellOf } from './lists/export';
import { storedCells } from './xlsx-cells.test-kit';
import { isFormulaTrigger } from './xlsx-sheet-xml';
import { NUMBER_FORMATS, type ReportRow, type SheetColumn, xlsxChunks } from './xlsx-writer';

describe('isFormulaTrigger', () => {
  it.each(['=1+2', '+91 98765 43210', '-2+3', '@SUM(A1)', '\tx', '\rx', '\nx', '\u0000x', '\u001fx'])(
    'marks %j as quote-prefixed text',
    (text) => {
      expect(isFormulaTrigger(text)).toBe(true);
    },
  );

  it.each(['plain', 'a=b', ' =1', '', "'already", -5, true, null, undefined])(
    'leaves %j unstyled',
    (value) => {
      expect(isFormulaTrigger(value)).toBe(false);
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
    expect(cells.get('A9')!.xml).toContain('t="inlineStr"><is><t>=HYPERLINK(&quot;x&quot;)</t></is>');
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

async function readBack(chunks: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(parts) as unknown as ExcelJS.Buffer);
  return book.worksheets[0]!;
}

describe('xlsxChunks cell values and layout', () => {
  const columns = [
    { header: 'Text', key: 'text', width: 30 },
    { header: 'Value', key: 'value' },
  ];
  const values: [ReportRow['value'], unknown][] = [
    [42, 42],
    [-1.25, -1.25],
    [1e21, 1e21],
    [0, 0],
    [true, true],
    [false, false],
    // A Date is its IST wall time (exceljs reads a serial back as that wall time in UTC).
    [new Date('2024-03-01T10:20:30Z'), new Date('2024-03-01T15:50:30Z')],
    ['a & b < c > d "e" \'f\'', 'a & b < c > d "e" \'f\''],
    ['  spaces kept  ', '  spaces kept  '],
    ['line\nbreak\ttab\rreturn', 'line\nbreak\ttab\rreturn'],
    // Characters XML 1.0 cannot carry are dropped (as exceljs did); the file stays well-formed.
    ['bell\u0007 nul\u0000 esc\u001b end\uffff', 'bell nul esc end'],
    ['हिन्दी ✓ 😀', 'हिन्दी ✓ 😀'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [null, null],
    [undefined, null],
    ['', null],
  ];

  it('reads back every kind of value as written', async () => {
    const rows = values.map(([value], i) => ({ text: `row ${i}`, value }));
    const sheet = await readBack(xlsxChunks(columns, batchesOf(rows, 5)));
    expect(values.map((_, i) => sheet.getRow(i + 2).getCell(2).value)).toEqual(
      values.map(([, read]) => read),
    );
    const dateCell = sheet.getRow(8).getCell(2);
    expect(dateCell.type).toBe(ExcelJS.ValueType.Date);
    expect(dateCell.numFmt).toBe(NUMBER_FORMATS.dateTime);
    expect(sheet.getRow(6).getCell(2).type).toBe(ExcelJS.ValueType.Boolean);
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.Number);
  });

  it('writes numbers, money and dates in the one set of formats, dates in IST', async () => {
    const formatted: SheetColumn[] = [
      { header: 'Count', key: 'count', format: 'int' },
      { header: 'Amount', key: 'amount', format: 'rupees' },
      { header: 'At', key: 'at', format: 'datetime' },
      { header: 'Day', key: 'day', format: 'date' },
      { header: 'Born', key: 'born', format: 'date' },
      { header: 'Flag', key: 'flag', format: 'bool' },
    ];
    // As a list export or a report makes the cells: from the database's values and the column's format.
    const raw = {
      count: '1250000', // a bigint sum arrives as text
      amount: 22361.75,
      at: '2026-11-23T18:40:00.000Z', // 24 Nov 00:10 IST
      day: '2026-11-24',
      born: '1935-06-15', // before India's fixed offset
      flag: true,
    };
    const row: ReportRow = Object.fromEntries(
      formatted.map((c) => [c.key, cellOf(raw[c.key as keyof typeof raw], c.format)]),
    );
    const sheet = await readBack(xlsxChunks(formatted, batchesOf([row, { amount: -5 }], 1)));
    const cell = (n: number) => sheet.getRow(2).getCell(n);
    expect(cell(1)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1250000 });
    expect(cell(2)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 22361.75 });
    expect(cell(2).numFmt).toBe(NUMBER_FORMATS.rupees);
    expect(sheet.getRow(3).getCell(2).numFmt).toBe(NUMBER_FORMATS.rupees);
    expect(cell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(cell(3).numFmt).toBe(NUMBER_FORMATS.dateTime);
    expect(cell(3).value).toEqual(new Date('2026-11-24T00:10:00Z'));
    for (const [n, day] of [
      [4, '2026-11-24'],
      [5, '1935-06-15'],
    ] as const) {
      expect(cell(n).type).toBe(ExcelJS.ValueType.Date);
      expect(cell(n).numFmt).toBe(NUMBER_FORMATS.date);
      // A whole day: no time of day in the serial.
      expect(cell(n).value).toEqual(new Date(`${day}T00:00:00Z`));
    }
    expect(cell(6).value).toBe('Yes');
    expect(NUMBER_FORMATS.rupees).toContain('₹');
  });

  it('writes a bold header, the first row frozen and the column widths', async () => {
    const sheet = await readBack(
      xlsxChunks(columns, batchesOf([{ text: 'x', value: 1 }], 1), undefined, { sheetName: 'Scans' }),
    );
    expect(sheet.name).toBe('Scans');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.columns.map((c) => c.width)).toEqual([30, 18]);
  });

  it('writes an empty sheet as just the header', async () => {
    const sheet = await readBack(xlsxChunks(columns, batchesOf([], 1)));
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Text', 'Value']);
  });

  it('reads no further while the consumer waits: a slow reader bounds memory', async () => {
    let batchesRead = 0;
    async function* endless() {
      while (true) {
        batchesRead++;
        yield Array.from({ length: 1000 }, (_, i) => ({ text: `row ${batchesRead}.${i} ${'y'.repeat(80)}` }));
      }
    }
    const chunks = xlsxChunks([{ header: 'Text', key: 'text' }], endless());
    await chunks.next(); // the first bytes, then the consumer pauses
    // Wait until reading has stopped (or long enough that unbounded reading would be obvious).
    let seen = -1;
    for (let waited = 0; waited < 3000 && seen !== batchesRead; waited += 250) {
      seen = batchesRead;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A handful of batches (about 120 kB of XML each) fill the buffers; then reading waits.
    expect(batchesRead).toBe(seen);
    expect(batchesRead).toBeLessThan(40);
    await chunks.return(undefined);
  });

  it('fails the download when reading the rows fails', async () => {
    async function* failing() {
      yield [{ text: 'first' }];
      throw new Error('database gone');
    }
    await expect(readBack(xlsxChunks([{ header: 'Text', key: 'text' }], failing()))).rejects.toThrow(
      'database gone',
    );
  });
});
