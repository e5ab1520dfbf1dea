import type { EndpointAccess } from '@app/contract/endpoint';
import { type ListEndpoints, listEndpoints } from '@app/contract/endpoint-kits';
import type { ListQuery, ListResult } from '@app/contract/list';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import type { List } from './define';
import { checkListQuery, listPage, planOf } from './engine';
import { sendListExport } from './export';

/** Where a list answers: its two contract declarations (`listEndpoints` in packages/contract). */
interface DeclaredPlace {
  endpoints: ListEndpoints;
}
/** Where a list answers, for the routes not declared in the contract. */
interface LegacyPlace {
  /** The list's path; its export answers at `<path>/export` with the same querystring. */
  path: string;
  access: Access;
  tags: string[];
  summary: string;
  /** Path parameters (a list under a record, e.g. a member's ledger). */
  params?: z.ZodType;
}

export type ListRoutes<Row, Raw> = (DeclaredPlace | LegacyPlace) & {
  /**
   * The list, or the list for this caller (e.g. one that masks a column for roles without an action):
   * the page and its export always read the same one.
   */
  list: List<Row, Raw> | ((request: FastifyRequest) => List<Row, Raw>);
  /** The row's schema (response and OpenAPI); a declared list carries it. */
  row?: z.ZodType;
  /** The download's name, without `.xlsx`. */
  fileName: string;
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
};

/** The `:id` of a list under a record, as the route's `params` schema (`idParams`) already parsed it. */
export const pathId = (request: FastifyRequest): number => (request.params as { id: number }).id;

/** `GET path` (one page) and `GET path/export` (the current filter as xlsx) of a declared list. */
export function listRoutes<Row, Raw>(app: FastifyInstance, options: ListRoutes<Row, Raw>) {
  const endpoints: ListEndpoints =
    'endpoints' in options
      ? options.endpoints
      : listEndpoints(options.path as `/${string}`, {
          access: options.access as EndpointAccess,
          row: options.row ?? z.unknown(),
          summary: options.summary,
          tags: options.tags,
          params: options.params,
        });
  const listOf = (request: FastifyRequest) =>
    typeof options.list === 'function' ? options.list(request) : options.list;
  const db = app.database.db;
  const withFixed = (query: ListQuery): ListQuery =>
    options.fixedFilter ? { ...query, filter: { ...query.filter, ...options.fixedFilter } } : query;
  route(app, endpoints.list, async (request): Promise<ListResult<Row>> => {
    const query = request.query as ListQuery;
    const list = listOf(request);
    checkListQuery(list, query); // bad input answers 400 before anything is looked up
    await options.check?.(request);
    // The count may come from the read replica; the rows come from the primary, so a change the
    // user just made is in the page they see next.
    return listPage(list, db, withFixed(query), await options.scope?.(request), app.database.reads());
  });
  route(app, endpoints.export, async (request, reply) => {
    const query = request.query as ListQuery;
    const list = listOf(request);
    planOf(list, query); // bad input answers 400 before anything is looked up
    await options.check?.(request);
    const selection = { ...withFixed(query), scope: await options.scope?.(request) };
    await options.beforeExport?.(request as FastifyRequest & { query: ListQuery });
    return sendListExport(reply, list, app.database.reads(), selection, options.fileName);
  });
}
