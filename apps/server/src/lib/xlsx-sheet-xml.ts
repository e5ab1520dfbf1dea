import type { ReportColumn } from '@app/contract/reports';

/**
 * The XML of a one-sheet xlsx (ECMA-376 SpreadsheetML), written as text: the package parts are
 * fixed, the sheet is its head, its rows (one string per batch) and its tail. No shared strings:
 * text is inline (`t="inlineStr"`), so nothing has to be held until the end.
 */
export type CellValue = string | number | boolean | Date | null;
export type ReportRow = Record<string, CellValue | undefined>;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const OFFICE = 'application/vnd.openxmlformats-officedocument';

/** Indexes into `cellXfs` below. */
const STYLE = { bold: 1, date: 2, quotePrefix: 3 } as const;

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

/** Plain, bold (the header), a date (built-in format 14, the short date) and quote-prefixed text. */
const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const XF = 'fillId="0" borderId="0" xfId="0"';
const STYLES =
  `${DECL}<styleSheet xmlns="${MAIN}">` +
  `<fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="4"><xf numFmtId="0" fontId="0" ${XF}/>` +
  `<xf numFmtId="0" fontId="1" ${XF} applyFont="1"/>` +
  `<xf numFmtId="14" fontId="0" ${XF} applyNumberFormat="1"/>` +
  `<xf numFmtId="0" fontId="0" ${XF} quotePrefix="1"/></cellXfs>` +
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
export function sheetHead(columns: readonly ReportColumn[]): string {
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

/** Excel counts days from 1899-12-30; a Date is written as that serial, in UTC (as exceljs did). */
const EXCEL_EPOCH_DAYS = 25569;

/** Rows numbered from `firstRow`, as `<row>` elements; empty cells (null, undefined, '') are left out. */
export function rowsXml(columns: readonly ReportColumn[], rows: readonly ReportRow[], firstRow: number) {
  const keys = columns.map((c) => c.key);
  const refs = columns.map((_, i) => `<c r="${columnLetters(i)}`);
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
      } else xml += cellXml(value);
    }
    xml += '</row>';
  }
  return xml;
}

const TEXT = '" t="inlineStr"><is>';
const QUOTED_TEXT = `" s="${STYLE.quotePrefix}" t="inlineStr"><is>`;

/** A cell other than text, after its `r` attribute: its type, style and value. */
function cellXml(value: number | boolean | Date): string {
  switch (typeof value) {
    case 'number':
      // NaN and ±Infinity have no spreadsheet number: they are written as the text they print as.
      return Number.isFinite(value) ? `"><v>${value}</v></c>` : TEXT + textOf(String(value));
    case 'boolean':
      return `" t="b"><v>${value ? 1 : 0}</v></c>`;
    default: {
      const ms = value.getTime();
      if (Number.isNaN(ms)) return '"/>';
      return `" s="${STYLE.date}"><v>${EXCEL_EPOCH_DAYS + ms / 86_400_000}</v></c>`;
    }
  }
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
