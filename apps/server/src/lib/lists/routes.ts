import { type ListQuery, type ListResult, listQuery, listResult } from '@app/contract/list';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from '../access-rules';
import type { List } from './define';
import { checkListQuery, listPage, planOf } from './engine';
import { sendListExport } from './export';

export interface ListRoutes<Row, Raw> {
  /** The list's path; its export answers at `<path>/export` with the same querystring. */
  path: string;
  access: Access;
  /**
   * The list, or the list for this caller (e.g. one that masks a column for roles without an action):
   * the page and its export always read the same one.
   */
  list: List<Row, Raw> | ((request: FastifyRequest) => List<Row, Raw>);
  /** The row's schema (response and OpenAPI). */
  row: z.ZodType;
  /** The download's name, without `.xlsx`. */
  fileName: string;
  tags: string[];
  summary: string;
  /** Path parameters (a list under a record, e.g. a member's ledger). */
  params?: z.ZodType;
  /** Runs before the list and the export (e.g. 404 when the record of the path does not exist). */
  check?: (request: FastifyRequest) => Promise<unknown>;
  /**
   * A condition from the request (the caller's own rows, a path parameter), on top of the filters.
   * It may look values up first, so the planner sees constants it has statistics for.
   */
  scope?: (request: FastifyRequest) => SQL | undefined | Promise<SQL | undefined>;
  /** Filter values the route fixes (a page of one status); they replace the caller's same keys. */
  fixedFilter?: Record<string, unknown>;
  /** Runs before the export streams (e.g. an audit entry: who took a copy of personal data). */
  beforeExport?: (request: FastifyRequest & { query: ListQuery }) => Promise<void>;
}

/** The `:id` of a list under a record, as the route's `params` schema (`idParams`) already parsed it. */
export const pathId = (request: FastifyRequest): number => (request.params as { id: number }).id;

/** `GET path` (one page) and `GET path/export` (the current filter as xlsx) of a declared list. */
export function listRoutes<Row, Raw>(app: FastifyInstance, options: ListRoutes<Row, Raw>) {
  const { path, access, tags } = options;
  const listOf = (request: FastifyRequest) =>
    typeof options.list === 'function' ? options.list(request) : options.list;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const withFixed = (query: ListQuery): ListQuery =>
    options.fixedFilter ? { ...query, filter: { ...query.filter, ...options.fixedFilter } } : query;
  typed.get(
    path,
    {
      config: { access },
      schema: {
        tags,
        summary: options.summary,
        ...(options.params ? { params: options.params } : {}),
        querystring: listQuery,
        response: { 200: listResult(options.row) },
      },
    },
    async (request): Promise<ListResult<Row>> => {
      const list = listOf(request);
      checkListQuery(list, request.query); // bad input answers 400 before anything is looked up
      await options.check?.(request);
      return listPage(list, db, withFixed(request.query), await options.scope?.(request));
    },
  );
  typed.get(
    `${path}/export`,
    {
      config: { access },
      schema: {
        tags,
        summary: `${options.summary}: the current filter as xlsx`,
        ...(options.params ? { params: options.params } : {}),
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const list = listOf(request);
      planOf(list, request.query); // bad input answers 400 before anything is looked up
      await options.check?.(request);
      const selection = { ...withFixed(request.query), scope: await options.scope?.(request) };
      await options.beforeExport?.(request);
      return sendListExport(reply, list, db, selection, options.fileName);
    },
  );
}
