import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFInvalidObject,
  PDFName,
  type PDFObject,
  PDFParser,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/**
 * Active content a PDF viewer may run or open on its own: what an uploaded PDF (a document
 * published to every member, a member's KYC file that staff open) must not carry.
 *
 * Why parse and not grep: names may be written with `#xx` escapes (`/J#61vaScript`) and objects may
 * sit in compressed object streams, where the bytes never show `/JavaScript`. pdf-lib's parser
 * (PDFParser) reads every indirect object in file order, including each version of an object that
 * incremental updates redefine, and inflates object streams into objects; every one of them is
 * walked here as it is parsed. What it cannot see through is refused rather than passed: encrypted
 * PDFs (their object streams and strings are ciphertext), object streams with a filter or predictor
 * it does not decode, objects it cannot parse that look active. A plain scan of the raw bytes backs
 * this up for anything outside the objects the parser understood.
 */
export type PdfVerdict = { ok: true } | { ok: false; found: string };

/** Dictionary keys that are active content wherever they appear. */
const ACTIVE_KEYS: Record<string, string> = {
  JS: 'JavaScript',
  JavaScript: 'JavaScript',
  EmbeddedFiles: 'an embedded file',
  EF: 'an embedded file',
  XFA: 'an XFA form',
  RichMediaContent: 'rich media',
  RichMediaSettings: 'rich media',
};

/** Name values (action types, object types) that are active content. */
const ACTIVE_NAMES: Record<string, string> = {
  JavaScript: 'JavaScript',
  Launch: 'a Launch action',
  EmbeddedFile: 'an embedded file',
  GoToE: 'an embedded file',
  RichMedia: 'rich media',
  RichMediaExecute: 'rich media',
};

const MAX_DEPTH = 64;

/** `#xx` escapes in either case, as viewers read them. */
const nameText = (name: PDFName) => name.decodeText();

function inspect(object: PDFObject | undefined, depth = 0): string | null {
  if (!object || depth > MAX_DEPTH) return depth > MAX_DEPTH ? 'objects nested too deeply to check' : null;
  if (object instanceof PDFName) return ACTIVE_NAMES[nameText(object)] ?? null;
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const found = ACTIVE_KEYS[nameText(key)] ?? inspect(value, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (object instanceof PDFArray) {
    for (const value of object.asArray()) {
      const found = inspect(value, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (object instanceof PDFRawStream) return inspect(object.dict, depth + 1);
  if (object instanceof PDFInvalidObject) {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    return (
      scanBytes(Buffer.from(bytes)) ??
      (/\/ObjStm\b/.test(latin1(bytes)) ? 'an unreadable object stream' : null)
    );
  }
  return null;
}

/**
 * What a viewer does by itself, with no click: the document's OpenAction and any additional actions
 * (`/AA`: on opening or closing a page, on a form field's focus or change, on printing, ...). Any
 * action there is refused, not only JavaScript and Launch: GoToR, SubmitForm, ImportData, URI and the
 * rest send or fetch without the reader's consent. An OpenAction that is a destination (an array:
 * a page and a view) only opens the document there, and is allowed.
 */
const AUTOMATIC = 'an automatic action (OpenAction or AA)';

/** Automatic actions in an object; OpenAction references are kept to be looked up once all is parsed. */
function automaticAction(object: PDFObject | undefined, openActionRefs: PDFRef[], depth = 0): string | null {
  if (!object || depth > MAX_DEPTH) return null;
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const name = nameText(key);
      if (name === 'AA') return AUTOMATIC;
      if (name === 'OpenAction') {
        if (value instanceof PDFRef) openActionRefs.push(value);
        else if (!(value instanceof PDFArray)) return AUTOMATIC;
      }
      const found = automaticAction(value, openActionRefs, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (object instanceof PDFArray) {
    for (const value of object.asArray()) {
      const found = automaticAction(value, openActionRefs, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (object instanceof PDFRawStream) return automaticAction(object.dict, openActionRefs, depth + 1);
  if (object instanceof PDFInvalidObject) {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    return scanAutomatic(Buffer.from(bytes));
  }
  return null;
}

/** The raw-bytes backstop for automatic actions: `/AA` before a dictionary or a reference, `/OpenAction` before a dictionary. */
function scanAutomatic(content: Buffer): string | null {
  for (const match of withoutStreams(content).matchAll(NAME_TOKEN)) {
    const name = unescapeName(match[1]!);
    if (name === 'AA' && match[2]) return AUTOMATIC;
    if (name === 'OpenAction' && match[2]?.trim().startsWith('<')) return AUTOMATIC;
  }
  return null;
}

const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** A name token in raw PDF bytes: `/` then regular characters or `#xx` escapes. */
const NAME_TOKEN = /\/((?:[^\s/<>[\]()%{}#]|#[0-9A-Fa-f]{2})+)(\s*[(<]|\s+\d+\s+\d+\s+R)?/g;

/**
 * Stream bodies (images, fonts, page content) are data, not dictionaries: left out, so that binary
 * that happens to spell a name is no reason to refuse.
 */
const withoutStreams = (content: Buffer) =>
  content.toString('latin1').replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, ' ');

const unescapeName = (name: string) =>
  name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * The raw-bytes backstop: active names written anywhere outside streams. `/JS` counts only before
 * a string or a reference, as it is used.
 */
function scanBytes(content: Buffer): string | null {
  for (const match of withoutStreams(content).matchAll(NAME_TOKEN)) {
    const name = unescapeName(match[1]!);
    if (name === 'JS') {
      if (match[2]) return 'JavaScript';
      continue;
    }
    const found = ACTIVE_KEYS[name] ?? ACTIVE_NAMES[name];
    if (found) return found;
  }
  return null;
}

/** Filters pdf-lib decodes in object streams (without predictors). */
const DECODABLE = new Set(['FlateDecode', 'LZWDecode', 'ASCIIHexDecode', 'ASCII85Decode', 'RunLengthDecode']);

function objectStreamUnreadable(stream: PDFRawStream): boolean {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.some((f) => !(f instanceof PDFName) || !DECODABLE.has(nameText(f)))) return true;
  return stream.dict.get(PDFName.of('DecodeParms')) !== undefined;
}

/** Finds active content in a PDF, or says why it cannot be checked. */
export async function checkPdf(content: Buffer): Promise<PdfVerdict> {
  const raw = scanBytes(content);
  if (raw) return { ok: false, found: raw };
  const parser = PDFParser.forBytesWithOptions(new Uint8Array(content), 100);
  let found: string | null = null;
  let automatic: string | null = null;
  const openActionRefs: PDFRef[] = [];
  // Reaches into the parser (protected members): every object as it is stored, and every
  // top-level object as it is read, before object streams are expanded into the context.
  const internal = parser as unknown as { context: PDFContext; parseObject(): PDFObject };
  const { context } = internal;
  const assign = context.assign.bind(context);
  context.assign = (ref: PDFRef, object: PDFObject) => {
    found ??= inspect(object);
    automatic ??= automaticAction(object, openActionRefs);
    assign(ref, object);
  };
  const parseObject = internal.parseObject.bind(parser);
  internal.parseObject = () => {
    const object = parseObject();
    if (object instanceof PDFRawStream) {
      const type = object.dict.get(PDFName.of('Type'));
      if (type instanceof PDFName && nameText(type) === 'ObjStm' && objectStreamUnreadable(object))
        found ??= 'an object stream that cannot be checked';
    }
    return object;
  };
  try {
    await parser.parseDocument();
  } catch {
    return { ok: false, found: 'content that cannot be read' };
  }
  if (context.trailerInfo.Encrypt) return { ok: false, found: 'encryption (a password or protection)' };
  // Named active content first: it says more than "an automatic action" about what was refused.
  const refused = found ?? automatic ?? scanAutomatic(content) ?? openActionOf(context, openActionRefs);
  return refused ? { ok: false, found: refused } : { ok: true };
}

/** An OpenAction given by reference: a destination array is allowed, anything else is an action. */
function openActionOf(context: PDFContext, refs: PDFRef[]): string | null {
  return refs.some((ref) => !(context.lookup(ref) instanceof PDFArray)) ? AUTOMATIC : null;
}
