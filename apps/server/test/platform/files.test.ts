import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('file storage', () => {
  it('stores a large file in chunks and streams back the same bytes', async () => {
    const content = randomBytes(1024 * 1024 + 123);
    const saved = await t.app.files.save(
      { name: 'big.bin', contentType: 'application/octet-stream', createdBy: null },
      content,
    );
    expect(saved.size).toBe(content.length);
    const chunks: Buffer[] = [];
    for await (const c of t.app.files.open(saved.id)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it('accepts an image recognised by its content and serves it as an attachment', async () => {
    const up = await t.as('cs', { method: 'POST', url: '/api/files', ...multipart('photo.png', PNG) });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const down = await t.as('cs', { method: 'GET', url: `/api/files/${up.json().id}` });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-disposition']).toMatch(/^attachment/);
    expect(down.rawPayload.equals(PNG)).toBe(true);
    // Nobody else can fetch it by id: other files are served by their domain's routes.
    expect((await t.as('printing', { method: 'GET', url: `/api/files/${up.json().id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses a file whose content is not an allowed type, whatever its name says', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await t.as('cs', { method: 'POST', url: '/api/files', ...multipart('innocent.png', html) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/Unsupported file type/);
  });

  it('refuses a file over the size limit with a clear message', async () => {
    const big = Buffer.concat([PNG, randomBytes(10 * 1024 * 1024)]);
    const res = await t.as('cs', { method: 'POST', url: '/api/files', ...multipart('huge.png', big) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/larger than 10 MB/);
  });
});
