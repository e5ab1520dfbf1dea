import ExcelJS from 'exceljs';

/** The first sheet of an xlsx as rows of cell values (row 1 = header). Tests only. */
export async function readSheet(content: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
