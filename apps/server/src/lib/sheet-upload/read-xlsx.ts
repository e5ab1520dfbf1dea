import { StringDecoder } from 'node:string_decoder';
import { MAX_UPLOAD_ROWS } from '@app/contract/upload-limits';
import { attribute, type XmlEvents, XmlScanner } from './xml-scan';
import { entryChunks, SheetLimitError, type ZipEntry, zipEntries } from './zip-entries';

/**
 * Reads the first sheet of an xlsx as the rows of a template, with every limit enforced while the
 * bytes stream through, so a hostile workbook is refused at the first byte over a limit. Runs in a
 * worker thread (sheet-pool.ts); it never sees the database and returns plain data.
 */

export const SHEET_LIMITS = {
  /** Unpacked size of one part of the workbook (the sheet, its shared texts). */
  partBytes: 32 * 1024 * 1024,
  /** Cells written in the file, empty ones included, and shared texts. */
  cells: 1_000_000,
  /** Characters of one cell. */
  cellChars: 2_000,
  dataRows: MAX_UPLOAD_ROWS,
};

/** One data row of an upload: its sheet row number and each template column as text. */
export interface SheetRow<Column extends string = string> {
  row: number;
  values: Record<Column, string>;
}

export interface ReadRequest {
  content: Uint8Array;
  columns: readonly string[];
  /** true: one of the columns is enough (the others read as ''); false: all are required. */
  anyOf: boolean;
  /** Data rows allowed in this upload, when not the common limit (a supplier's voucher batch). */
  maxRows?: number;
}

export type ReadResult = { ok: true; rows: SheetRow[] } | { ok: false; message: string };

const fail = (message: string): never => {
  throw new SheetLimitError(message);
};

const number = new Intl.NumberFormat('en-IN');

async function parseXml(chunks: AsyncIterable<Buffer>, events: Partial<XmlEvents>) {
  const none = () => {};
  const scanner = new XmlScanner({ open: none, text: none, close: none, ...events });
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of chunks) scanner.write(decoder.write(chunk));
    scanner.write(decoder.end());
    scanner.close();
  } catch (error) {
    if (error instanceof SheetLimitError) throw error;
    fail('The file is not a readable .xlsx workbook');
  }
}

/** Counts every cell and shared text against one budget, and caps each text as it grows. */
class Budget {
  cells = 0;
  cell() {
    if (++this.cells > SHEET_LIMITS.cells)
      fail(`The workbook has more than ${number.format(SHEET_LIMITS.cells)} cells; split the file`);
  }
  append(text: string, more: string, where: string) {
    if (text.length + more.length > SHEET_LIMITS.cellChars)
      fail(`${where}: a cell is longer than ${number.format(SHEET_LIMITS.cellChars)} characters`);
    return text + more;
  }
}

/** The part of the first sheet: workbook.xml names it, its relationships say where it is. */
async function firstSheetPart(zip: Buffer, entries: Map<string, ZipEntry>): Promise<ZipEntry> {
  const part = (name: string) => entries.get(name) ?? fail('The file is not a readable .xlsx workbook');
  let sheetRel: string | undefined;
  await parseXml(entryChunks(zip, part('xl/workbook.xml'), SHEET_LIMITS.partBytes), {
    open: (name, attributes) => {
      if (name === 'sheet' && sheetRel === undefined) sheetRel = attribute(attributes, 'r:id') ?? '';
    },
  });
  if (sheetRel === undefined) fail('The workbook has no sheet');
  let target: string | undefined;
  await parseXml(entryChunks(zip, part('xl/_rels/workbook.xml.rels'), SHEET_LIMITS.partBytes), {
    open: (name, attributes) => {
      if (name === 'Relationship' && attribute(attributes, 'Id') === sheetRel)
        target = attribute(attributes, 'Target');
    },
  });
  if (!target) fail('The workbook has no sheet');
  return part(target!.startsWith('/') ? target!.slice(1) : `xl/${target}`);
}

/** The shared texts, in order; phonetic runs (rPh) are not part of the text. */
async function sharedStrings(zip: Buffer, entry: ZipEntry | undefined, budget: Budget) {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parseXml(entryChunks(zip, entry, SHEET_LIMITS.partBytes), {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = phonetic === 0;
    },
    text: (text) => {
      if (inText) current = budget.append(current, text, 'Shared texts');
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        budget.cell();
        strings.push(current);
      }
    },
  });
  return strings;
}

/** The column of a cell reference (A1 → 1, AB7 → 28), or the next column when it has none. */
const columnIndex = (ref: string | undefined, previous: number) => {
  let index = 0;
  for (let i = 0; ref && i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    index = index * 26 + (c - 64);
  }
  return index || previous + 1;
};

/** A cell's text: shared texts looked up, numbers as JavaScript writes them, booleans as words. */
function cellText(type: string | undefined, raw: string, strings: string[]) {
  if (type === 's') return strings[Number(raw)] ?? '';
  if (type === 'b') return raw === '1' ? 'true' : 'false';
  if (type === 'e') return '';
  if ((type === undefined || type === 'n') && raw.trim() !== '' && Number.isFinite(Number(raw)))
    return String(Number(raw));
  return raw;
}

/** Runs a read, turning a limit crossed into the message shown to the user. */
export async function refusing<T>(read: () => Promise<T>): Promise<T | { ok: false; message: string }> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof SheetLimitError) return { ok: false, message: error.message };
    throw error;
  }
}

export const readXlsx = (request: ReadRequest): Promise<ReadResult> =>
  refusing(async () => {
    const rows: SheetRow[] = [];
    await readRows(request, (row, cells) =>
      rows.push({ row, values: Object.fromEntries(request.columns.map((c, i) => [c, cells[i]!])) }),
    );
    return { ok: true, rows };
  });

/** Reads the data rows, handing each to `emit` as its cells in template column order. */
export async function readRows(
  { content, columns, anyOf, maxRows }: ReadRequest,
  emit: (row: number, cells: string[]) => void,
): Promise<void> {
  const zip = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const entries = zipEntries(zip);
  const budget = new Budget();
  const sheet = await firstSheetPart(zip, entries);
  const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'), budget);
  const header = new Map<number, string>();
  /** Template column index of each sheet column, decided once the header row has been read. */
  let wanted: Map<number, number> | undefined;
  let dataRows = 0;
  let rowNumber = 0;
  const cells = new Map<number, string>();
  let col = 0;
  let type: string | undefined;
  let value: string | null = null;

  const decideColumns = () => {
    const byName = new Map([...header].map(([i, name]) => [name.trim().toLowerCase(), i]));
    const found = columns.filter((c) => byName.has(c.toLowerCase()));
    if (anyOf ? found.length === 0 : found.length < columns.length)
      fail(
        anyOf
          ? `The first row must name a ${columns.map((c) => `"${c}"`).join(' or ')} column`
          : `Missing column(s): ${columns.filter((c) => !found.includes(c)).join(', ')}. Use the template.`,
      );
    return new Map(found.map((c) => [byName.get(c.toLowerCase())!, columns.indexOf(c)]));
  };
  const endRow = () => {
    if (rowNumber === 1) return;
    wanted ??= decideColumns();
    const values: string[] = new Array(columns.length).fill('');
    let empty = true;
    for (const [i, c] of wanted) {
      values[c] = (cells.get(i) ?? '').trim();
      if (values[c] !== '') empty = false;
    }
    if (empty) return;
    const limit = maxRows ?? SHEET_LIMITS.dataRows;
    if (dataRows === limit) fail(`At most ${number.format(limit)} rows per file`);
    dataRows++;
    emit(rowNumber, values);
  };

  await parseXml(entryChunks(zip, sheet, SHEET_LIMITS.partBytes), {
    open: (name, attributes) => {
      if (name === 'row') {
        rowNumber = Number(attribute(attributes, 'r') ?? rowNumber + 1);
        cells.clear();
        col = 0;
      } else if (name === 'c') {
        budget.cell();
        col = columnIndex(attribute(attributes, 'r'), col);
        type = attribute(attributes, 't');
      } else if (name === 'v' || (name === 't' && type === 'inlineStr')) value = '';
    },
    text: (text) => {
      if (value !== null) value = budget.append(value, text, `Row ${rowNumber}`);
    },
    close: (name) => {
      if ((name === 'v' || name === 't') && value !== null) {
        const text = cellText(type, value, strings);
        if (rowNumber === 1) header.set(col, text);
        // Only the template's columns are kept: memory follows the template, not the file.
        else if (!wanted || wanted.has(col)) cells.set(col, text);
        value = null;
      } else if (name === 'row') endRow();
    },
  });
  wanted ??= decideColumns();
  if (dataRows === 0) fail('The sheet has no data rows');
}
