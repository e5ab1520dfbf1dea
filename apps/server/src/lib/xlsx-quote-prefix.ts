import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

/**
 * The cell style `quotePrefix` (ECMA-376 §18.8.45, the `xf` attribute Excel sets when a value is
 * typed with a leading apostrophe): the cell is text, shown as typed, and stays text when edited.
 * exceljs 4 neither writes nor reads it, so the two spots that turn a cell style into an `<xf>` learn
 * it here; they change nothing for a style without `quotePrefix`.
 */
export const QUOTE_PREFIX_STYLE = { quotePrefix: true } as const;

const FORMULA_STARTS = new Set(['=', '+', '-', '@']);

/** Text a spreadsheet would run as a formula (`= + - @`) or that starts with a control character. */
function isFormulaTrigger(text: string): boolean {
  if (text === '') return false;
  const code = text.charCodeAt(0);
  return FORMULA_STARTS.has(text.charAt(0)) || code <= 0x1f || code === 0x7f;
}

/**
 * How a value is written: text a spreadsheet would run as a formula is stored as a plain string
 * cell (never a formula) with the quote-prefix style, so the user sees it exactly as typed and
 * editing it keeps it text; an apostrophe in the value itself would show (and be uploaded back).
 */
export function cellStyleOf(value: unknown): Partial<ExcelJS.Style> | undefined {
  return typeof value === 'string' && isFormulaTrigger(value)
    ? (QUOTE_PREFIX_STYLE as Partial<ExcelJS.Style>)
    : undefined;
}

/** Adds a row of values, giving formula-like text the quote-prefix style. */
export function addTextSafeRow(sheet: ExcelJS.Worksheet, values: unknown[]): ExcelJS.Row {
  const row = sheet.addRow(values);
  values.forEach((value, i) => {
    const style = cellStyleOf(value);
    if (style) row.getCell(i + 1).style = style;
  });
  return row;
}

type XmlStream = {
  openNode(name: string, attributes?: object): void;
  addAttribute(name: string, value: string): void;
};
type StyleModel = { quotePrefix?: boolean } | undefined;
interface StyleXformClass {
  prototype: { render(this: unknown, xml: XmlStream, model: StyleModel): void };
}
interface StylesXformClass {
  prototype: {
    addStyleModel(this: StylesXform, model: StyleModel, cellType?: number): number;
  };
}
type StylesXform = { _addStyle(style: object): number };

const require = createRequire(import.meta.url);
const StyleXform = require('exceljs/lib/xlsx/xform/style/style-xform.js') as StyleXformClass;
const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform.js') as StylesXformClass;

const PATCHED = Symbol.for('app.exceljs.quotePrefix');
const marked = StyleXform as unknown as Record<symbol, boolean>;

if (!marked[PATCHED]) {
  marked[PATCHED] = true;
  // `<xf>`: the attribute goes right after the node opens, before its child elements.
  const render = StyleXform.prototype.render;
  StyleXform.prototype.render = function (xml, model) {
    if (!model?.quotePrefix) return render.call(this, xml, model);
    const openNode = xml.openNode;
    xml.openNode = function (this: XmlStream, name, attributes) {
      openNode.call(this, name, attributes);
      if (name === 'xf') this.addAttribute('quotePrefix', '1');
    };
    try {
      render.call(this, xml, model);
    } finally {
      Reflect.deleteProperty(xml, 'openNode');
    }
  };
  // A cell style to its `xf`: exceljs copies only the parts it knows, so carry the flag across.
  const addStyleModel = StylesXform.prototype.addStyleModel;
  StylesXform.prototype.addStyleModel = function (model, cellType) {
    if (!model?.quotePrefix) return addStyleModel.call(this, model, cellType);
    const addStyle = this._addStyle;
    this._addStyle = (style) => addStyle.call(this, { ...style, quotePrefix: true });
    try {
      return addStyleModel.call(this, model, cellType);
    } finally {
      Reflect.deleteProperty(this, '_addStyle');
    }
  };
}
