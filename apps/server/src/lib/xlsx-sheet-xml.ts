import { istWallMs } from '@app/contract/format';
import type { ReportColumn } from '@app/contract/reports';

/**
 * The XML of a one-sheet xlsx (ECMA-376 SpreadsheetML), written as text: the package parts are
 * fixed, the sheet is its head, its rows (one string per batch) and its tail. No shared strings:
 * text is inline (`t="inlineStr"`), so nothing has to be held until the end.
 */
export type CellValue = string | number | boolean | Date | null;
export type ReportRow = Record<string, CellValue | undefined>;

/**
 * How a column's values are written, the same in every list export and report: numbers as numbers
 * (`int`), money as rupees with the ₹ format (`rupees`), instants as Excel dates of their IST wall
 * time (`datetime`), calendar days as Excel dates (`date`), flags as Yes/No, lists as one text.
 */
export type ExportFormat = 'text' | 'int' | 'rupees' | 'datetime' | 'date' | 'bool' | 'list';

/** A sheet column: header, key, width and the format its numbers and dates are shown in. */
export interface SheetColumn extends ReportColumn {
  format?: ExportFormat;
}

/**
 * The number formats of every sheet, as on screen (contract/format.ts): `23 Nov 2026`,
 * `23 Nov 2026, 6:08 PM`, rupees with two decimals behind the ₹ of English (India).
 */
export const NUMBER_FORMATS = {
  date: 'd mmm yyyy',
  dateTime: 'd mmm yyyy", "h:mm AM/PM',
  rupees: '[$₹-4009] #,##0.00',
} as const;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const OFFICE = 'application/vnd.openxmlformats-officedocument';

/** Indexes into `cellXfs` below. */
const STYLE = { bold: 1, date: 2, quotePrefix: 3, dateTime: 4, rupees: 5 } as const;

/** The parts other than the sheet, by their path in the zip. */
export function packageParts(sheetName: string): [name: string, xml: string][] {
  return [
    [
      '[Content_Types].xml',
      `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE}.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OFFICE}.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${OFFICE}.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${DECL}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" ` +
        `Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${DECL}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${DECL}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}

/** Plain, bold (the header), a day, quote-prefixed text, a date and time, rupees (NUMBER_FORMATS). */
const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const XF = 'fillId="0" borderId="0" xfId="0"';
const NUM_FMT = { date: 164, dateTime: 165, rupees: 166 } as const;
const STYLES =
  `${DECL}<styleSheet xmlns="${MAIN}"><numFmts count="3">` +
  (Object.keys(NUM_FMT) as (keyof typeof NUM_FMT)[])
    // The codes' quotes as references (escapeXml's tables are set up further down the module).
    .map(
      (k) => `<numFmt numFmtId="${NUM_FMT[k]}" formatCode="${NUMBER_FORMATS[k].replaceAll('"', '&quot;')}"/>`,
    )
    .join('') +
  '</numFmts>' +
  `<fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="6"><xf numFmtId="0" fontId="0" ${XF}/>` +
  `<xf numFmtId="0" fontId="1" ${XF} applyFont="1"/>` +
  `<xf numFmtId="${NUM_FMT.date}" fontId="0" ${XF} applyNumberFormat="1"/>` +
  `<xf numFmtId="0" fontId="0" ${XF} quotePrefix="1"/>` +
  `<xf numFmtId="${NUM_FMT.dateTime}" fontId="0" ${XF} applyNumberFormat="1"/>` +
  `<xf numFmtId="${NUM_FMT.rupees}" fontId="0" ${XF} applyNumberFormat="1"/></cellXfs>` +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** A, B, …, Z, AA, … for a 0-based column index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = (n - rest - 1) / 26;
  }
  return letters;
}

/** The sheet up to its rows: the first row frozen, the column widths, then the bold header row. */
export function sheetHead(columns: readonly SheetColumn[]): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`)
    .join('');
  const header = columns
    .map((c, i) => `<c r="${columnLetters(i)}1" s="${STYLE.bold}${TEXT}${textOf(c.header)}`)
    .join('');
  return (
    `${DECL}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `${cols ? `<cols>${cols}</cols>` : ''}<sheetData><row r="1">${header}</row>`
  );
}

export const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * Excel counts days from 1899-12-30 and has no time zone: a Date is written as the serial of its
 * IST wall time, so the sheet shows the time people in India saw it happen.
 */
const EXCEL_EPOCH_DAYS = 25569;

/** A number's cell after its `r` attribute, up to its value: plain, or with the ₹ format. */
const NUMBER = '"><v>';
const RUPEES = `" s="${STYLE.rupees}"><v>`;

/**
 * Rows numbered from `firstRow`, as `<row>` elements; empty cells (null, undefined, '') are left out.
 * A column's format decides how its numbers and dates are shown (`SheetColumn.format`); a Date in a
 * `date` column is its IST day, elsewhere its IST date and time.
 */
export function rowsXml(columns: readonly SheetColumn[], rows: readonly ReportRow[], firstRow: number) {
  const keys = columns.map((c) => c.key);
  const refs = columns.map((_, i) => `<c r="${columnLetters(i)}`);
  const numbers = columns.map((c) => (c.format === 'rupees' ? RUPEES : NUMBER));
  const days = columns.map((c) => c.format === 'date');
  let xml = '';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const n = String(firstRow + r);
    xml += `<row r="${n}">`;
    for (let i = 0; i < keys.length; i++) {
      const value = row[keys[i]!];
      if (value === null || value === undefined || value === '') continue;
      xml += refs[i]! + n;
      if (typeof value === 'string') {
        xml += isFormulaTrigger(value) ? QUOTED_TEXT : TEXT;
        xml += textOf(value);
      } else if (typeof value === 'number') xml += numberXml(value, numbers[i]!);
      else if (typeof value === 'boolean') xml += `" t="b"><v>${value ? 1 : 0}</v></c>`;
      else xml += dateXml(value, days[i]!);
    }
    xml += '</row>';
  }
  return xml;
}

const TEXT = '" t="inlineStr"><is>';
const QUOTED_TEXT = `" s="${STYLE.quotePrefix}" t="inlineStr"><is>`;

/** A number's cell after its `r` attribute. */
function numberXml(value: number, head: string): string {
  // NaN and ±Infinity have no spreadsheet number: they are written as the text they print as.
  return Number.isFinite(value) ? `${head}${value}</v></c>` : TEXT + textOf(String(value));
}

/** A date's cell after its `r` attribute: the serial of its IST wall time, or of its IST day. */
function dateXml(value: Date, day: boolean): string {
  const ms = value.getTime();
  if (Number.isNaN(ms)) return '"/>';
  const serial = EXCEL_EPOCH_DAYS + istWallMs(ms) / 86_400_000;
  return day
    ? `" s="${STYLE.date}"><v>${Math.floor(serial)}</v></c>`
    : `" s="${STYLE.dateTime}"><v>${serial}</v></c>`;
}

/** The inline string's text and the end of the cell (spaces at either end kept). */
function textOf(text: string): string {
  const edge = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
  return `${edge ? '<t xml:space="preserve">' : '<t>'}${escapeXml(text)}</t></is></c>`;
}

/**
 * Text a spreadsheet would run as a formula (`= + - @`) or that starts with a control character.
 * It is written as a plain string (never a formula) with the quote-prefix style (ECMA-376
 * §18.8.45, what Excel sets for a value typed after an apostrophe): shown exactly as typed, and it
 * stays text when edited; an apostrophe in the value itself would show (and be uploaded back).
 */
export function isFormulaTrigger(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  const code = value.charCodeAt(0);
  // = + - @, then the C0 controls and DEL
  return code === 61 || code === 43 || code === 45 || code === 64 || code <= 0x1f || code === 0x7f;
}

/**
 * Markup escaped; a carriage return as a reference (a raw one would be read back as a line feed);
 * characters XML 1.0 cannot carry (other C0 controls, U+FFFE, U+FFFF) dropped, as exceljs did.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it replaces
const ESCAPES = /[&<>"\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]/g;
const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPES, (c) => ENTITY[c] ?? '');
}
