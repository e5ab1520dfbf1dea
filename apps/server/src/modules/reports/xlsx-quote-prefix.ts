import { createRequire } from 'node:module';

/**
 * The cell style `quotePrefix` (ECMA-376 §18.8.45, the `xf` attribute Excel sets when a value is
 * typed with a leading apostrophe): the cell is text, shown as typed, and stays text when edited.
 * exceljs 4 neither writes nor reads it, so the two spots that turn a cell style into an `<xf>` learn
 * it here; they change nothing for a style without `quotePrefix`.
 */
export const QUOTE_PREFIX_STYLE = { quotePrefix: true } as const;

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
