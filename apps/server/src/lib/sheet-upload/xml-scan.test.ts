import { describe, expect, it } from 'vitest';
import { attribute, XmlScanner } from './xml-scan';
import { SheetLimitError } from './zip-entries';

/** Every event as text, the document fed in pieces of `size` characters. */
function scan(xml: string, size = xml.length): string[] {
  const events: string[] = [];
  const scanner = new XmlScanner({
    open: (name, attributes) => events.push(`<${name}${attributes}>`),
    text: (text) => {
      // Text cut between pieces arrives in parts: joined here, as the reader joins it.
      if (events.at(-1)?.startsWith('"')) events.push(`${events.pop()!.slice(0, -1)}${text}"`);
      else events.push(`"${text}"`);
    },
    close: (name) => events.push(`</${name}>`),
  });
  for (let i = 0; i < xml.length; i += size) scanner.write(xml.slice(i, i + size));
  scanner.close();
  return events;
}

const doc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!-- a comment with <tags> inside --><sheetData><row r="2" spans="1:2"><c r="A2" t="s"><v>7</v></c><c r='B2' t="inlineStr" note="a>b"><is><t xml:space="preserve">Tom &amp; Jerry &lt;3 &#x20B9;&#8377;</t></is></c><c r="C2"/></row><x><![CDATA[a <raw> & text]]></x></sheetData>`;

describe('XmlScanner', () => {
  it('gives tags, attributes, text with entities decoded, CDATA, self-closing tags; skips comments and declarations', () => {
    const events = scan(doc);
    expect(events.filter((e) => e !== '"\n"')).toEqual([
      '<sheetData>',
      '<row r="2" spans="1:2">',
      '<c r="A2" t="s">',
      '<v>',
      '"7"',
      '</v>',
      '</c>',
      `<c r='B2' t="inlineStr" note="a>b">`,
      '<is>',
      '<t xml:space="preserve">',
      '"Tom & Jerry <3 ₹₹"',
      '</t>',
      '</is>',
      '</c>',
      '<c r="C2">',
      '</c>',
      '</row>',
      '<x>',
      '"a <raw> & text"',
      '</x>',
      '</sheetData>',
    ]);
  });

  it('reads the same however the document is cut into pieces', () => {
    for (const size of [1, 2, 3, 5, 7, 13]) expect(scan(doc, size)).toEqual(scan(doc));
  });

  it('refuses a DOCTYPE, an unknown entity and a tag left open', () => {
    expect(() => scan('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).toThrow(SheetLimitError);
    expect(() => scan('<x>&bomb;</x>')).toThrow(SheetLimitError);
    expect(() => scan('<x><c r="A1"')).toThrow(SheetLimitError);
  });

  it('finds an attribute by its exact name, with either quote', () => {
    expect(attribute(' r:id="rId1" id="x"', 'r:id')).toBe('rId1');
    expect(attribute(' r:id="rId1" id="x"', 'id')).toBe('x');
    expect(attribute(' t=\'s\' r="A1"', 't')).toBe('s');
    expect(attribute(' Target="a&amp;b.xml"', 'Target')).toBe('a&b.xml');
    expect(attribute(' rr="1"', 'r')).toBeUndefined();
  });
});
