import {
  DOCUMENT_ENTITY,
  DOCUMENT_LANGUAGES,
  DOCUMENT_MESSAGES,
  type DocumentBody,
  type DocumentRow,
  type DocumentTranslations,
  type DocumentUpdateBody,
  documentFormatRule,
} from '@app/contract/content-documents';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { documents } from '../../db/schema/content';
import { termsVersions } from '../../db/schema/members';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { claimContentFile } from './content-files';
import * as repo from './documents.repository';

export { documentList } from './documents.repository';

const snapshot = ({
  acceptedCount: _a,
  createdAt: _c,
  updatedAt: _u,
  body,
  translations,
  ...rest
}: DocumentRow) => ({
  ...rest,
  bodyLength: body?.length ?? 0,
  // The audit keeps the length of each language's text, as of the English one.
  translations: Object.fromEntries(
    Object.entries(translations ?? {}).map(([l, t]) => [
      l,
      { title: t?.title ?? null, bodyLength: t?.body?.length ?? 0 },
    ]),
  ),
});

async function load(tx: Executor, id: number, lock = false) {
  const row = await repo.findDocument(tx, id, lock);
  if (!row) throw notFound('Document');
  return row;
}

export const getDocument = (app: FastifyInstance, id: number) => load(app.database.db, id);

const versionTaken = (error: unknown) => {
  if (isUniqueViolation(error))
    throw conflict(DOCUMENT_MESSAGES.versionTaken, { version: DOCUMENT_MESSAGES.versionTaken });
  throw error;
};

/** Text documents keep no file and PDFs no text (in any language: a PDF is one file, its title is translated). */
const contentOf = (b: {
  format?: string;
  body?: string | null;
  fileId?: number | null;
  translations?: DocumentTranslations | null;
}) =>
  b.format === 'pdf'
    ? { body: null, fileId: b.fileId ?? null, translations: writtenTranslations(b.translations, false) }
    : { body: b.body ?? null, fileId: null, translations: writtenTranslations(b.translations, true) };

/** Only the languages with something written are kept; blank strings are no translation. */
function writtenTranslations(
  given: DocumentTranslations | null | undefined,
  text: boolean,
): DocumentTranslations {
  const kept: DocumentTranslations = {};
  for (const language of DOCUMENT_LANGUAGES) {
    const title = given?.[language]?.title?.trim() || null;
    const body = text && given?.[language]?.body?.trim() ? (given[language]?.body ?? null) : null;
    if (title || body) kept[language] = { title, body };
  }
  return kept;
}

export function createDocument(app: FastifyInstance, actor: Actor, body: DocumentBody) {
  return app.database.db.transaction(async (tx) => {
    const content = contentOf(body);
    await claimContentFile(tx, actor, content.fileId, null, 'fileId', 'content_document');
    const [row] = await tx
      .insert(documents)
      .values({ kind: body.kind, version: body.version, title: body.title, format: body.format, ...content })
      .returning({ id: documents.id })
      .catch(versionTaken);
    const after = await load(tx, row!.id);
    await audit(tx, actor, {
      action: 'document.created',
      entity: DOCUMENT_ENTITY,
      entityId: after.id,
      after: snapshot(after),
    });
    return after;
  });
}

export function updateDocument(app: FastifyInstance, actor: Actor, id: number, body: DocumentUpdateBody) {
  return app.database.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    if (before.status !== 'draft') throw conflict(DOCUMENT_MESSAGES.notDraft);
    const given = Object.entries(body).filter(
      ([k, v]) => v !== undefined && v !== before[k as keyof DocumentRow],
    );
    if (given.length === 0) return before; // `{}` or the record as it is: nothing changes
    const merged = {
      ...before,
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    };
    const check = z
      .object({})
      .superRefine((_, ctx) => documentFormatRule(merged, ctx))
      .safeParse({});
    if (!check.success) {
      const issue = check.error.issues[0]!;
      throw badRequest(issue.message, { [String(issue.path[0])]: issue.message });
    }
    const content = contentOf(merged);
    await claimContentFile(tx, actor, content.fileId, before.fileId, 'fileId', 'content_document');
    await tx
      .update(documents)
      .set({
        version: merged.version,
        title: merged.title,
        format: merged.format,
        ...content,
        updatedAt: sql`now()`,
      })
      .where(eq(documents.id, id))
      .catch(versionTaken);
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'document.updated',
      entity: DOCUMENT_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/**
 * Publishes a draft: the published version of its kind becomes superseded, in one transaction (a
 * unique index allows one published per kind). A terms version joins `terms_versions`, so members
 * are asked to accept it (member-app acceptTerms / profile).
 */
export function publishDocument(app: FastifyInstance, actor: Actor, id: number) {
  return app.database.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    if (before.status !== 'draft') throw conflict(DOCUMENT_MESSAGES.notDraft);
    const superseded = await tx
      .update(documents)
      .set({ status: 'superseded', updatedAt: sql`now()` })
      .where(and(eq(documents.kind, before.kind), eq(documents.status, 'published')))
      .returning({ id: documents.id, version: documents.version });
    await tx
      .update(documents)
      .set({ status: 'published', publishedAt: sql`now()`, publishedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(documents.id, id));
    if (before.kind === 'terms')
      await tx
        .insert(termsVersions)
        .values({ version: before.version, publishedAt: sql`now()` })
        .onConflictDoUpdate({ target: termsVersions.version, set: { publishedAt: sql`now()` } });
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'document.published',
      entity: DOCUMENT_ENTITY,
      entityId: id,
      before: { status: before.status, superseded },
      after: snapshot(after),
    });
    return after;
  });
}

/** Archives a draft or a superseded version; the published one stays until another replaces it. */
export function archiveDocument(app: FastifyInstance, actor: Actor, id: number) {
  return app.database.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    if (before.status === 'published' || before.status === 'archived')
      throw conflict('Only a draft or a superseded version can be archived; publish a new version instead');
    await tx.update(documents).set({ status: 'archived', updatedAt: sql`now()` }).where(eq(documents.id, id));
    const after = await load(tx, id);
    await audit(tx, actor, {
      action: 'document.archived',
      entity: DOCUMENT_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

export const publishedDocuments = (app: FastifyInstance) => repo.publishedDocuments(app.database.db);
export const publishedFileOf = async (app: FastifyInstance, id: number) =>
  (await repo.publishedOf(app.database.db, id))?.fileId;
