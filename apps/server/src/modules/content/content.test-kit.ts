import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../../test/harness';
import type { members } from '../../db/schema/members';
import { demoDocumentPng } from '../../seed/demo-png';
import { multipartBody } from '../invoices/invoices.test-kit';
import { createMemberSession } from '../member-auth';
import { insertTestMember } from '../members/members.test-kit';

/** A member of the given type and state with a session token, made straight in the tables. */
export async function memberToken(t: TestApp, values: Partial<typeof members.$inferInsert> = {}) {
  const id = await insertTestMember(t.database.db, values);
  return { id, token: await createMemberSession(t.database.db, id) };
}

export const asToken = (t: TestApp, token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });

/** Uploads a PNG (or a PDF with purpose content_document) as `role`; returns the file id. */
export async function upload(
  t: TestApp,
  role: string,
  purpose: 'content_image' | 'content_document' = 'content_image',
  content: Buffer = demoDocumentPng([90, 140, 200], 640, 400),
  name = purpose === 'content_image' ? 'photo.png' : 'doc.pdf',
): Promise<number> {
  const res = await t.as(role, {
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    ...multipartBody(name, content),
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** `t.as` that fails the test on a non-200 answer and returns the JSON. */
export async function ok(t: TestApp, role: string, options: InjectOptions, status = 200) {
  const res = await t.as(role, options);
  if (res.statusCode !== status)
    throw new Error(`${options.method ?? 'GET'} ${options.url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
