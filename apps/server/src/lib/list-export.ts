import { Readable } from 'node:stream';
import type { ListQuery, ListResult } from '@app/contract/list';
import type { ReportColumn } from '@app/contract/reports';
import type { FastifyReply } from 'fastify';
import { type ReportRow, xlsxChunks } from '../modules/reports/xlsx-writer';

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
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}.xlsx"`)
    .send(Readable.from(xlsxChunks(columns, allPages(query, list))));
}
