import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/lib/downloads';
import { couponsKit } from '../../src/modules/coupons/coupons.test-kit';
import { demoDocumentPng } from '../../src/seed/demo-png';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A 1×1 PNG: enough for content sniffing to recognise it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, content: Buffer, contentType = 'image/png') {
  const boundary = '----test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (filename: string, content: Buffer, purpose = 'damaged_photo') =>
  t.as('cs', { method: 'POST', url: `/api/files?purpose=${purpose}`, ...multipart(filename, content) });

describe('file storage', () => {
  it('stores a large file in chunks and streams back the same bytes', async () => {
    const content = randomBytes(1024 * 1024 + 123);
    const saved = await t.app.files.save(
      { name: 'big.bin', contentType: 'application/octet-stream', purpose: 'report', owner: 'system' },
      content,
    );
    expect(saved.size).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const c of t.app.files.open(saved.id)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it('records the purpose and the uploader of an upload, and makes a thumbnail of an image', async () => {
    const photo = demoDocumentPng([200, 120, 90], 1200, 800);
    const up = await upload('photo.png', photo);
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({
      contentType: 'image/png',
      purpose: 'damaged_photo',
      hasThumbnail: true,
    });
    const stored = await t.app.files.stat(up.json().id);
    const [cs] = await couponsKit(t).sql("select id from staff where email = 'cs@demo.local'");
    expect(stored).toMatchObject({ purpose: 'damaged_photo', ownerStaffId: cs!.id, ownerMemberId: null });
    const thumb = await t.app.files.stat(stored!.thumbnailId!);
    expect(thumb).toMatchObject({ purpose: 'thumbnail', contentType: 'image/webp', ownerStaffId: cs!.id });
    const chunks: Buffer[] = [];
    for await (const c of t.app.files.open(thumb!.id)) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 213 });
  });

  it('needs a declared purpose a staff member may upload for', async () => {
    const none = await t.as('cs', { method: 'POST', url: '/api/files', ...multipart('p.png', PNG) });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('purpose');
    const memberOnly = await upload('p.png', PNG, 'kyc_image');
    expect(memberOnly.statusCode).toBe(400);
    expect(memberOnly.json().fields).toHaveProperty('purpose');
  });

  it('serves no file by its id: files are served by the routes of the records that hold them', async () => {
    const up = await upload('photo.png', PNG);
    expect((await t.as('cs', { method: 'GET', url: `/api/files/${up.json().id}` })).statusCode).toBe(404);
  });

  it('refuses a file whose content is not an allowed type, whatever its name says', async () => {
    const res = await upload('innocent.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/Unsupported file type/);
  });

  it('takes only what the purpose accepts: a damaged coupon photo is an image, not a PDF', async () => {
    const res = await upload(
      'scan.pdf',
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/Unsupported file type \(application\/pdf\)/);
  });

  it('refuses an image that does not decode, even with a valid signature', async () => {
    // A real PNG whose compressed pixels are overwritten: the signature and chunks still look right.
    const broken = Buffer.from(demoDocumentPng([10, 20, 30], 640, 480));
    broken.fill(0xff, 45, broken.length - 20);
    const res = await upload('broken.png', broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/image cannot be read/);
  });

  it('refuses a file over the size limit with a clear message', async () => {
    const res = await upload('huge.png', Buffer.concat([PNG, randomBytes(10 * 1024 * 1024)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/larger than 10 MB/);
  });

  it('refuses a file name with NUL or another control character, naming the field', async () => {
    for (const name of ['a\u0000b.png', 'a\u0007b.png']) {
      const res = await upload(name, PNG);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.file).toMatch(/file name has characters that are not allowed/);
    }
  });
});

describe('download headers', () => {
  it('keep any name as UTF-8 with an ASCII fallback, and drop what a name must not carry', () => {
    expect(contentDisposition('Rapport été.xlsx')).toBe(
      `attachment; filename="Rapport _t_.xlsx"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9.xlsx`,
    );
    expect(contentDisposition('../../etc/pass"wd\r\n.pdf')).toBe(
      `attachment; filename="_.._etc_pass_wd.pdf"; filename*=UTF-8''_.._etc_pass_wd.pdf`,
    );
    expect(contentDisposition('x\ud800y (1).png')).toBe(
      `attachment; filename="xy (1).png"; filename*=UTF-8''xy%20%281%29.png`,
    );
    expect(contentDisposition('\u0000')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
