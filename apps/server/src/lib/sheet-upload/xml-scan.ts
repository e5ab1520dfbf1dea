import { SheetLimitError } from './zip-entries';

/**
 * The little XML an xlsx part needs, as events: start tags (name and raw attribute text), text
 * (entities decoded) and end tags; a self-closing tag is a start then an end. It does not validate
 * (a general parser spent most of an upload's read making objects for every tag and attribute):
 * comments and processing instructions are skipped, CDATA is text, a DOCTYPE or an unknown entity
 * is refused. Whatever it is fed is bounded by the caller's part budget; what it holds back between
 * chunks is at most one tag or entity, itself capped.
 */
export interface XmlEvents {
  open(name: string, attributes: string): void;
  text(text: string): void;
  close(name: string): void;
}

const unreadable = () => new SheetLimitError('The file is not a readable .xlsx workbook');

/** Longest tag held while waiting for its end (long sqref lists in validations can run to KBs). */
const MAX_TAG = 1024 * 1024;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]{0,10});/g, (_, name: string) => {
    if (name in NAMED) return NAMED[name]!;
    const code = /^#x[0-9a-f]+$/i.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : /^#\d+$/.test(name)
        ? Number(name.slice(1))
        : Number.NaN;
    if (!(code >= 0 && code <= 0x10ffff)) throw unreadable();
    return String.fromCodePoint(code);
  });
}

const ATTRIBUTE = new Map<string, RegExp>();

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** One attribute's value from a start tag's attribute text, entities decoded. */
export function attribute(attributes: string, name: string): string | undefined {
  // Fast path, name="value" as every spreadsheet writes it; the pattern below reads any spacing.
  for (let at = attributes.indexOf(`${name}=`); at >= 0; at = attributes.indexOf(`${name}=`, at + 1)) {
    if (at > 0 && !isSpace(attributes.charCodeAt(at - 1))) continue;
    const quote = attributes[at + name.length + 1];
    if (quote !== '"' && quote !== "'") break;
    const end = attributes.indexOf(quote, at + name.length + 2);
    if (end < 0) break;
    return decodeEntities(attributes.slice(at + name.length + 2, end));
  }
  let pattern = ATTRIBUTE.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTE.set(name, pattern);
  }
  const m = pattern.exec(attributes);
  return m ? decodeEntities(m[1] ?? m[2]!) : undefined;
}

/** Where the tag opened at `lt` ends (its `>`), skipping quoted attribute values; -1 if not yet. */
function tagEnd(s: string, lt: number): number {
  let open = 0;
  for (let i = lt + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (open) {
      if (c === open) open = 0;
    } else if (c === 34 || c === 39) open = c;
    else if (c === 62) return i;
  }
  return -1;
}

export class XmlScanner {
  private rest = '';
  constructor(private readonly on: XmlEvents) {}

  write(chunk: string): void {
    const s = this.rest + chunk;
    let i = 0;
    for (;;) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        // Text runs on into the next chunk; only an entity cut in two waits for it.
        const amp = s.lastIndexOf('&');
        const cut = amp >= i && s.indexOf(';', amp) < 0 ? amp : s.length;
        if (s.length - cut > 16) throw unreadable();
        this.text(s.slice(i, cut));
        this.rest = s.slice(cut);
        return;
      }
      if (lt > i) this.text(s.slice(i, lt));
      const next = this.markup(s, lt);
      if (next < 0) {
        if (s.length - lt > MAX_TAG) throw unreadable();
        this.rest = s.slice(lt);
        return;
      }
      i = next;
    }
  }

  /** The end of the stream: anything still held back is a tag or entity left open. */
  close(): void {
    if (this.rest.trim() !== '') throw unreadable();
  }

  private text(text: string) {
    if (text !== '') this.on.text(decodeEntities(text));
  }

  /** Handles the markup at `lt`; answers where the text after it starts, or -1 if it is cut off. */
  private markup(s: string, lt: number): number {
    const second = s[lt + 1];
    if (second === undefined) return -1;
    if (second === '!') {
      if (s.startsWith('<!--', lt)) return after(s, '-->', lt + 4);
      if (s.startsWith('<![CDATA[', lt)) {
        const end = s.indexOf(']]>', lt + 9);
        if (end < 0) return -1;
        this.on.text(s.slice(lt + 9, end));
        return end + 3;
      }
      if (s.length - lt < 9) return -1;
      throw unreadable(); // DOCTYPE: entity declarations have no place in a workbook
    }
    if (second === '?') return after(s, '?>', lt + 2);
    const gt = tagEnd(s, lt);
    if (gt < 0) return -1;
    if (second === '/') {
      this.on.close(s.slice(lt + 2, gt).trim());
      return gt + 1;
    }
    const end = s.charCodeAt(gt - 1) === 47 ? gt - 1 : gt; // before a self-closing '/'
    let space = lt + 1;
    while (space < end && !isSpace(s.charCodeAt(space))) space++;
    const name = s.slice(lt + 1, space);
    this.on.open(name, s.slice(space, end));
    if (end < gt) this.on.close(name);
    return gt + 1;
  }
}

const after = (s: string, end: string, from: number) => {
  const at = s.indexOf(end, from);
  return at < 0 ? -1 : at + end.length;
};
