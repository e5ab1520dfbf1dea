import { Readable } from 'node:stream';
import type { ListQuery, ListResult } from '@app/contract/list';
import { type ReportColumn, XLSX_CONTENT_TYPE } from '@app/contract/reports';
import type { FastifyReply } from 'fastify';
import { type ReportRow, xlsxChunks } from '../modules/reports/xlsx-writer';
import { downloadHeaders } from './downloads';

const BATCH = 1000;

/** Every row of a list query, page by page along its keyset cursor: memory stays one page. */
async function* allPages<Row>(query: ListQuery, list: (q: ListQuery) => Promise<ListResult<Row>>) {
  let cursor: string | undefined;
  do {
    const page = await list({ ...query, page: 1, perPage: BATCH, cursor });
    yield page.rows as unknown as ReportRow[];
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * "Export of the current filter" of a list page: the same query the page shows, every row, as a
 * streamed xlsx (cells neutralised by the report engine's writer). `mapRow` turns a row into cells.
 */
export function sendListExport<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly ReportColumn[],
  query: ListQuery,
  list: (q: ListQuery) => Promise<ListResult<Row>>,
) {
  return downloadHeaders(reply, {
    name: `${fileName}.xlsx`,
    contentType: XLSX_CONTENT_TYPE,
    personal: true,
  }).send(Readable.from(xlsxChunks(columns, allPages(query, list))));
}
