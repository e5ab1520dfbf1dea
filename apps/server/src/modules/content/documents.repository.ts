import type { DocumentRow } from '@app/contract/content-documents';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '@app/contract/content-documents';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documents } from '../../db/schema/content';
import { defineList } from '../../lib/lists/define';
import { oneOf, text } from '../../lib/lists/filters';
import { isoText } from '../../lib/lists/sql';

/** Members who accepted a terms version (other kinds are not accepted). */
const acceptedCount = sql<number>`case when ${documents.kind} = 'terms'
  then (select count(*)::int from members m where m.terms_version = documents.version) else 0 end`;

const columns = {
  id: documents.id,
  kind: documents.kind,
  version: documents.version,
  title: documents.title,
  format: documents.format,
  body: documents.body,
  translations: documents.translations,
  fileId: documents.fileId,
  status: documents.status,
  publishedAt: sql<string | null>`${isoText(documents.publishedAt)}`,
  acceptedCount,
  createdAt: isoText(documents.createdAt),
  updatedAt: isoText(documents.updatedAt),
};

export const documentList = defineList<DocumentRow>({
  columns: {
    ...columns,
    kind: { sql: documents.kind, label: 'Kind', width: 14 },
    version: { sql: documents.version, label: 'Version', width: 10 },
    title: { sql: documents.title, label: 'Title', width: 30 },
    format: { sql: documents.format, label: 'Format', width: 10 },
    status: { sql: documents.status, label: 'Status', width: 12 },
    publishedAt: { sql: columns.publishedAt, label: 'Published', format: 'datetime', width: 20 },
    acceptedCount: { sql: acceptedCount, label: 'Accepted by', format: 'int', width: 12 },
    createdAt: { sql: columns.createdAt, label: 'Created', format: 'datetime', width: 20 },
  } as never,
  from: (db, fields) => db.select(fields).from(documents).$dynamic(),
  filters: {
    q: text(documents.title, documents.version),
    kind: oneOf(documents.kind, DOCUMENT_KINDS),
    status: oneOf(documents.status, DOCUMENT_STATUSES),
  },
  sort: {
    id: documents.id,
    kind: documents.kind,
    version: documents.version,
    createdAt: documents.createdAt,
  },
  defaultSort: 'id',
  id: documents.id,
});

export async function findDocument(tx: Executor, id: number, lock = false): Promise<DocumentRow | undefined> {
  const q = tx.select(columns).from(documents).where(eq(documents.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row as DocumentRow | undefined;
}

/** The latest published version of every kind. */
export const publishedDocuments = (tx: Executor) =>
  tx
    .select(columns)
    .from(documents)
    .where(eq(documents.status, 'published'))
    .orderBy(asc(documents.kind)) as Promise<DocumentRow[]>;

export async function publishedOf(tx: Executor, id: number) {
  const [row] = await tx
    .select({ fileId: documents.fileId })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.status, 'published')));
  return row;
}
