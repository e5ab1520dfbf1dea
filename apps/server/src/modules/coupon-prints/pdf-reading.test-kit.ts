import { inflateSync } from 'node:zlib';

/** Just enough PDF reading for tests: pages, drawn rectangles and shown text of pdfkit output. */
export function readPdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const pages = (text.match(/\/Type \/Page\b/g) ?? []).length;
  const streams: string[] = [];
  const re = /\bstream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(raw.toString('latin1'));
    }
    re.lastIndex = end;
  }
  const contents = streams.filter((s) => / re\n/.test(s));
  return { pages, contents };
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The rectangles of each filled path of a content stream, in drawing order. */
export function filledRectGroups(content: string): Rect[][] {
  const groups: Rect[][] = [];
  let current: Rect[] = [];
  for (const line of content.split('\n')) {
    const m = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/.exec(line.trim());
    if (m) current.push({ x: +m[1]!, y: +m[2]!, w: +m[3]!, h: +m[4]! });
    else if (/^f\b/.test(line.trim()) && current.length > 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

/** The module matrix a group of run rectangles paints: n × n, quiet zone of `quiet` modules. */
export function matrixOf(rects: Rect[], n: number, quiet: number): boolean[] {
  const m = Math.min(...rects.map((r) => r.h));
  const x0 = Math.min(...rects.map((r) => r.x)) - quiet * m;
  const y0 = Math.min(...rects.map((r) => r.y)) - quiet * m;
  const cells = new Array<boolean>(n * n).fill(false);
  for (const r of rects) {
    const row = Math.round((r.y - y0) / m) - quiet;
    const col = Math.round((r.x - x0) / m) - quiet;
    const len = Math.round(r.w / m);
    for (let i = 0; i < len; i++) cells[row * n + col + i] = true;
  }
  return cells;
}

/** Strings shown with TJ/Tj: pdfkit writes standard-font text as hex glyph codes. */
export function shownText(content: string): string[] {
  return [...content.matchAll(/<([0-9a-f]+)>/gi)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
}
