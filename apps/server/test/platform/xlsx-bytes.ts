import { crc32, createDeflateRaw } from 'node:zlib';

/** Hand-made xlsx files for hostile-upload tests: any part content, deflated as a stream. */

/** `piece` repeated `times` times, produced in slices so the test never holds the whole text. */
export function* repeated(piece: string, times: number): Generator<string> {
  const slice = piece.repeat(Math.max(1, Math.floor((1024 * 1024) / piece.length)));
  const perSlice = slice.length / piece.length;
  let left = times;
  while (left >= perSlice) {
    yield slice;
    left -= perSlice;
  }
  if (left > 0) yield piece.repeat(left);
}

type Part = (string | Iterable<string>)[];

async function deflate(part: Part) {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  for (const piece of part)
    if (typeof piece === 'string') await write(piece);
    else for (const text of piece) await write(text);
  deflater.end();
  await done;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip of the given parts (deflated), with the central directory every reader starts from. */
async function zip(parts: Record<string, Part>) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, part] of Object.entries(parts)) {
    const { data, crc, size } = await deflate(part);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** A workbook whose first sheet (and shared texts, if given) are exactly the given XML. */
export function hostileXlsx(content: { sheet: Part; sharedStrings?: Part }) {
  return zip({
    '[Content_Types].xml': [
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="${SHEET_TYPE}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SHEET_TYPE}.worksheet+xml"/></Types>`,
    ],
    'xl/workbook.xml': [
      '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    'xl/_rels/workbook.xml.rels': [
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    'xl/worksheets/sheet1.xml': content.sheet,
    ...(content.sharedStrings ? { 'xl/sharedStrings.xml': content.sharedStrings } : {}),
  });
}
