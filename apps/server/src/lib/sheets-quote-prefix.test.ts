import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { badRowsReport, errorReport } from './sheets';
import { storedCells } from './xlsx-cells.test-kit';

/** Error reports are uploaded again after fixing: a visible apostrophe would become part of the data. */
describe('upload error reports keep formula-like text as typed', () => {
  it('writes the bad rows as typed, as quote-prefixed strings', async () => {
    const file = Buffer.from(
      await badRowsReport(
        ['Name', 'Mobile'],
        [{ row: 2, values: { Name: '=cmd|x', Mobile: '+919876543210' } }],
        [{ row: 2, column: 'Mobile', message: 'Enter a 10-digit mobile' }],
      ),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual([
      undefined,
      2,
      '=cmd|x',
      '+919876543210',
      'Mobile: Enter a 10-digit mobile',
    ]);
    const cells = await storedCells(file);
    expect(cells.get('B2')).toMatchObject({ formula: false, quotePrefix: true });
    expect(cells.get('C2')).toMatchObject({ formula: false, quotePrefix: true });
    expect(cells.get('D2')).toMatchObject({ quotePrefix: false });
  });

  it('writes an error message that starts like a formula as typed', async () => {
    const file = Buffer.from(await errorReport([{ row: 3, column: 'Points', message: '-5 is below zero' }]));
    const cells = await storedCells(file);
    expect(cells.get('C2')).toMatchObject({ formula: false, quotePrefix: true });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.getCell('C2').value).toBe('-5 is below zero');
  });
});
