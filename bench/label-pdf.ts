/**
 * Label PDF throughput and memory for 10,000 and 100,000 labels (A4, 40 a page, vector QR), each
 * size in its own process so peak RSS is its own. Ceiling: the same PDF with the QR symbol encoded
 * once and reused (pdfkit drawing and compression only), from the same run.
 *
 *   npx tsx bench/label-pdf.ts
 */
import { execFileSync } from 'node:child_process';
import { type Label, renderLabels } from '../apps/server/src/modules/coupon-prints/label-pdf';
import { randomCodes } from '../apps/server/src/modules/coupons/coupon-codes';

const SIZES = [10_000, 100_000];

async function render(n: number, sameCode: boolean) {
  const code = randomCodes(1)[0]!;
  const pages = (async function* (): AsyncGenerator<Label[]> {
    for (let i = 0; i < n; i += 2000) {
      const m = Math.min(2000, n - i);
      const codes = sameCode ? Array.from({ length: m }, () => code) : randomCodes(m);
      yield codes.map((c, k) => ({ code: c, serial: 100_001 + i + k }));
    }
  })();
  let bytes = 0;
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t = performance.now();
  for await (const chunk of renderLabels(pages, {
    layout: 'a4',
    baseUrl: 'https://scan.example.com',
    copies: 1,
  }))
    bytes += chunk.length;
  const ms = performance.now() - t;
  clearInterval(sample);
  return { ms, bytes, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1048576) };
}

if (process.argv[2] === 'child') {
  const n = Number(process.argv[3]);
  const product = await render(n, false);
  const ceiling = await render(n, true);
  console.log(JSON.stringify({ n, product, ceiling }));
} else {
  console.log('label PDF (A4, 40 labels a page, vector QR; output streamed to a counting sink)');
  for (const n of SIZES) {
    const out = execFileSync('npx', ['tsx', import.meta.filename, 'child', String(n)], { encoding: 'utf8' });
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
      n: number;
      product: { ms: number; bytes: number; peakMb: number };
      ceiling: { ms: number };
    };
    const rate = Math.round(n / (r.product.ms / 1000));
    console.log(
      `  ${n.toLocaleString('en-IN')} labels: product ${(r.product.ms / 1000).toFixed(2)} s (${rate.toLocaleString('en-IN')} labels/s, ${(r.product.bytes / 1048576).toFixed(1)} MB PDF, peak RSS ${r.product.peakMb} MB); ceiling (QR encoded once) ${(r.ceiling.ms / 1000).toFixed(2)} s; product / ceiling = ${(r.product.ms / r.ceiling.ms).toFixed(2)}×`,
    );
  }
}
