import { formatCode, scanUrl } from '@app/contract/coupons';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { randomCodes } from '../coupons';
import { type Label, QUIET_MODULES, renderLabels } from './label-pdf';
import { filledRectGroups, matrixOf, readPdf, shownText } from './pdf-reading.test-kit';

const base = 'https://scan.example.com';
async function render(labels: Label[], layout: 'a4' | 'thermal', copies = 1): Promise<Buffer> {
  const pages = (async function* () {
    for (let i = 0; i < labels.length; i += 7) yield labels.slice(i, i + 7);
  })();
  const chunks: Buffer[] = [];
  for await (const c of renderLabels(pages, { layout, baseUrl: base, copies })) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

const labels = randomCodes(45).map((code, i) => ({ code, serial: 500_001 + i }));

describe('label PDF', () => {
  it('puts 40 labels on an A4 page, each QR a vector drawing of the code’s scan URL', async () => {
    const pdf = readPdf(await render(labels, 'a4'));
    expect(pdf.pages).toBe(2);
    const [first] = pdf.contents;
    const groups = filledRectGroups(first!);
    expect(groups).toHaveLength(40);
    const expected = QRCode.create(scanUrl(base, labels[0]!.code), { errorCorrectionLevel: 'M' }).modules;
    const drawn = matrixOf(groups[0]!, expected.size, QUIET_MODULES);
    expect(drawn).toEqual([...expected.data].map(Boolean));
    const other = QRCode.create(scanUrl(base, labels[1]!.code), { errorCorrectionLevel: 'M' }).modules;
    expect(matrixOf(groups[0]!, other.size, QUIET_MODULES)).not.toEqual([...other.data].map(Boolean));
    const text = shownText(first!).join(' ');
    expect(text).toContain(formatCode(labels[0]!.code));
    expect(text).toContain('S/N 500001');
    expect(pdf.contents.join('')).not.toMatch(/\/Image|Do\n/);
  });

  it('keeps every label of an A4 sheet at least 5 mm inside each edge of the paper', async () => {
    const mm = 72 / 25.4;
    const [width, height] = [210 * mm, 297 * mm];
    const [first] = readPdf(await render(labels, 'a4')).contents;
    const drawn = filledRectGroups(first!).flat();
    expect(drawn.length).toBeGreaterThan(40 * 100);
    // Text: from where each line starts to where it ends, measured with the fonts it is set in.
    const measure = new PDFDocument({ autoFirstPage: false });
    for (const block of first!.split('BT\n').slice(1)) {
      const [, x, y] = /1 0 0 1 ([\d.]+) ([\d.]+) Tm/.exec(block)!;
      const size = Number(/([\d.]+) Tf/.exec(block)![1]);
      const line = shownText(block.split('ET')[0]!).join('');
      const longest = Math.max(
        ...['Courier-Bold', 'Helvetica'].map((font) => measure.font(font).fontSize(size).widthOfString(line)),
      );
      drawn.push({ x: Number(x), y: Number(y) - 0.25 * size, w: longest, h: 1.25 * size });
    }
    const clear = {
      left: Math.min(...drawn.map((r) => r.x)) / mm,
      right: Math.min(...drawn.map((r) => width - r.x - r.w)) / mm,
      top: Math.min(...drawn.map((r) => r.y)) / mm,
      bottom: Math.min(...drawn.map((r) => height - r.y - r.h)) / mm,
    };
    for (const [edge, space] of Object.entries(clear)) expect(space, edge).toBeGreaterThanOrEqual(5);
  });

  it('prints one thermal label a page, each as many times as the copies asked', async () => {
    const pdf = readPdf(await render(labels.slice(0, 3), 'thermal', 2));
    expect(pdf.pages).toBe(6);
    expect(shownText(pdf.contents[1]!).join(' ')).toContain(formatCode(labels[0]!.code));
    expect(shownText(pdf.contents[2]!).join(' ')).toContain('S/N 500002');
  });
});
