import JSZip from 'jszip';

/**
 * The cells of an xlsx's first sheet as stored: value, whether it is a formula and whether its
 * style has `quotePrefix` (exceljs reads neither of the last two back, so this reads the XML).
 */
export async function storedCells(file: Buffer) {
  const zip = await JSZip.loadAsync(file);
  const styles = await zip.file('xl/styles.xml')!.async('string');
  const cellXfs = styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)![1]!;
  const quoted = [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map((m) => m[0].includes('quotePrefix="1"'));
  const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const cells = new Map<string, { xml: string; formula: boolean; quotePrefix: boolean }>();
  for (const [xml, ref, attributes, body] of sheet.matchAll(
    /<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g,
  )) {
    const style = Number(attributes!.match(/ s="(\d+)"/)?.[1] ?? 0);
    cells.set(ref!, { xml, formula: /<f[ >]/.test(body ?? ''), quotePrefix: quoted[style] ?? false });
  }
  return cells;
}
