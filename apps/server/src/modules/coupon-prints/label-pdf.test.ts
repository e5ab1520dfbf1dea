import { formatCode, scanUrl } from '@app/contract/coupons';
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

  it('prints one thermal label a page, each as many times as the copies asked', async () => {
    const pdf = readPdf(await render(labels.slice(0, 3), 'thermal', 2));
    expect(pdf.pages).toBe(6);
    expect(shownText(pdf.contents[1]!).join(' ')).toContain(formatCode(labels[0]!.code));
    expect(shownText(pdf.contents[2]!).join(' ')).toContain('S/N 500002');
  });
});
