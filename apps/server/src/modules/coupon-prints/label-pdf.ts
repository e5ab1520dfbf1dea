import { formatCode, scanUrl } from '@app/contract/coupons';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export type LabelLayout = 'a4' | 'thermal';
export interface Label {
  serial: number;
  code: string;
}

const MM = 72 / 25.4;
/**
 * Sheet geometry: A4 with 4 × 10 labels of 49.5 × 28.5 mm inside a 6 mm margin (office printers
 * cannot print the outer 4 to 5 mm of a sheet: a QR cut there does not scan), or one 50 × 25 mm
 * thermal label a page (the label printer prints its whole label).
 */
const LAYOUTS = {
  a4: {
    page: [210 * MM, 297 * MM],
    margin: 6 * MM,
    cols: 4,
    rows: 10,
    cell: [49.5 * MM, 28.5 * MM],
    qr: 25 * MM,
    font: 7,
  },
  thermal: {
    page: [50 * MM, 25 * MM],
    margin: 0,
    cols: 1,
    rows: 1,
    cell: [50 * MM, 25 * MM],
    qr: 23 * MM,
    font: 7,
  },
} as const;
/** Quiet zone around the symbol, in modules (the label edge adds more). */
export const QUIET_MODULES = 2;
/** Unread output above this pauses rendering: memory stays flat however many labels. */
const HIGH_WATER = 4 * 1024 * 1024;

export const labelsPerPage = (layout: LabelLayout) => LAYOUTS[layout].cols * LAYOUTS[layout].rows;

/** The QR as vector rectangles: one per run of dark modules in a row, filled once. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const m = size / (n + 2 * QUIET_MODULES);
  const data = qr.modules.data;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!data[r * n + c]) continue;
      let end = c;
      while (end + 1 < n && data[r * n + end + 1]) end++;
      doc.rect(x + (c + QUIET_MODULES) * m, y + (r + QUIET_MODULES) * m, (end - c + 1) * m, m);
      c = end;
    }
  }
  doc.fill('black');
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  layout: LabelLayout,
  slot: number,
  label: Label,
  baseUrl: string,
) {
  const g = LAYOUTS[layout];
  const x = g.margin + (slot % g.cols) * g.cell[0];
  const y = g.margin + Math.floor(slot / g.cols) * g.cell[1];
  const qrY = y + (g.cell[1] - g.qr) / 2;
  drawQr(doc, scanUrl(baseUrl, label.code), x + 1 * MM, qrY, g.qr);
  const textX = x + g.qr + 2 * MM;
  const mid = y + g.cell[1] / 2;
  doc
    .font('Courier-Bold')
    .fontSize(g.font)
    .text(formatCode(label.code), textX, mid - g.font - 1, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(g.font - 0.5)
    .text(`S/N ${label.serial}`, textX, mid + 2, { lineBreak: false });
}

const drained = async (doc: PDFKit.PDFDocument) => {
  while (doc.readableLength > HIGH_WATER && !doc.destroyed) await new Promise((r) => setTimeout(r, 2));
};

/**
 * A print file as a stream: label pages are drawn as the coupons arrive (each label `copies`
 * times), so neither the coupons nor the PDF are ever held whole in memory.
 */
export function renderLabels(
  pages: AsyncIterable<Label[]>,
  options: { layout: LabelLayout; baseUrl: string; copies: number; onLabels?: (n: number) => Promise<void> },
): PDFKit.PDFDocument {
  const g = LAYOUTS[options.layout];
  const doc = new PDFDocument({
    size: [...g.page],
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Coupon labels' },
  });
  (async () => {
    let slot = 0;
    for await (const labels of pages) {
      for (const label of labels) {
        for (let copy = 0; copy < options.copies; copy++) {
          if (slot % labelsPerPage(options.layout) === 0) {
            // A page at a time (~25 ms of drawing), then let other requests run: prints never stall the server.
            if (slot > 0) await new Promise((resolve) => setImmediate(resolve));
            doc.addPage();
          }
          drawLabel(doc, options.layout, slot % labelsPerPage(options.layout), label, options.baseUrl);
          slot++;
        }
      }
      await options.onLabels?.(labels.length);
      await drained(doc);
    }
    if (slot === 0) doc.addPage();
    doc.end();
  })().catch((error) => doc.destroy(error as Error));
  return doc;
}
