import type { ActionId } from '@app/contract/actions';
import { type ArchivableEndpoints, type RecordEndpoints, recordEndpoints } from '@app/contract/endpoint-kits';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { historyOf } from '../modules/audit/audit.history';
import { route } from '../plugins/endpoint-routes';
import { type Actor, actorOf, audit } from './audit';
import { conflict, isUniqueViolation, notFound } from './errors';
import type { List } from './lists/define';
import { listRow } from './lists/engine';
import { listRoutes } from './lists/routes';

/** A table with a serial `id`: the records the factory below creates, edits and archives. */
export type RecordTable = PgTable & { id: PgColumn };

export interface WriteContext<Row> {
  actor: Actor;
  /** The record before an update; absent on create. */
  before?: Row;
  id?: number;
}

export interface RecordRoutes<Row extends object, Create extends object, Update extends object, Raw = Row> {
  /**
   * The record's contract declarations (`recordEndpoints`): paths, access and schemas come from
   * them. Without them (a domain not yet moved to the contract), `path`, `page` and `manage` say it.
   */
  endpoints?: RecordEndpoints & Partial<Pick<ArchivableEndpoints, 'archive' | 'restore'>>;
  /** The collection's path, e.g. `/admin/social-links`; one record is `<path>/:id`. */
  path?: string;
  /** The page whose holders read the list and the records. */
  page?: string;
  /** The action (contract/actions) whose holders create, edit and archive. */
  manage?: ActionId;
  /** The audit entity; entries are `<entity>.created`, `.updated`, `.archived`, `.restored`. */
  entity: string;
  /** The record's name in messages: `<label> not found`. */
  label: string;
  table: RecordTable;
  /** The list declaration; one record is read through it too, so list and detail show the same row. */
  list: List<Row, Raw>;
  /** The row's schema (response and OpenAPI). */
  row: z.ZodType;
  create: z.ZodType<Create>;
  /** A partial body: only the fields given change, `{}` changes nothing and writes no audit entry. */
  update: z.ZodType<Update>;
  fileName: string;
  tags?: string[];
  /** The plural name for OpenAPI summaries, e.g. `Social links`. */
  summary?: string;
  /**
   * Turns a body into the table's values, inside the write's transaction: check references (throw
   * `fieldError`), claim files, derive columns. Without it, the body is written as it is.
   */
  values?: (
    tx: Executor,
    body: Partial<Create>,
    context: WriteContext<Row>,
  ) => Promise<Record<string, unknown>>;
  /** Runs after each write in the same transaction (e.g. a history row, a derived table). */
  afterWrite?: (tx: Executor, id: number, context: WriteContext<Row>) => Promise<void>;
  /** Field errors for unique constraints, by constraint name: the loser of a race gets them too. */
  unique?: Record<string, { field: string; message: string }>;
  /** The boolean column that archives (`active`): adds `POST <path>/:id/archive` and `/restore`. */
  archive?: PgColumn;
}

/** What the audit entry records: the row without its bookkeeping timestamps. */
const snapshot = (row: object) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'createdAt' && key !== 'updatedAt'));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const constraintOf = (error: unknown): string | undefined => {
  const e = error as { constraint?: unknown; cause?: { constraint?: unknown } };
  const name = e.cause?.constraint ?? e.constraint;
  return typeof name === 'string' ? name : undefined;
};

/** What `recordWrites` needs: the record's table, list, label, entity and write hooks. */
export type RecordWriteOptions<Row extends object, Create extends object, Raw = Row> = Pick<
  RecordRoutes<Row, Create, object, Raw>,
  'table' | 'list' | 'entity' | 'label' | 'values' | 'afterWrite' | 'unique'
>;

/**
 * A simple record's create and update, each in one transaction with its audit entry: the routes of
 * `recordRoutes` and any other caller (the integration API's upserts) go through the same code.
 */
export function recordWrites<Row extends object, Create extends object, Raw = Row>(
  options: RecordWriteOptions<Row, Create, Raw>,
) {
  const { table, list, entity, label } = options;
  const hasUpdatedAt = 'updatedAt' in getTableColumns(table);
  const load = async (tx: Executor, id: number): Promise<Row> => {
    const row = await listRow(list, tx, id);
    if (!row) throw notFound(label);
    return row as Row;
  };
  const lock = async (tx: Executor, id: number) => {
    const [hit] = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update');
    if (!hit) throw notFound(label);
  };
  const valuesOf = (tx: Executor, body: Partial<Create>, context: WriteContext<Row>) =>
    options.values ? options.values(tx, body, context) : Promise.resolve(body as Record<string, unknown>);
  /** A unique key the table refused becomes the field error it stands for. */
  const uniqueField = (error: unknown): never => {
    const known = isUniqueViolation(error) ? options.unique?.[constraintOf(error) ?? ''] : undefined;
    if (known) throw conflict(known.message, { [known.field]: known.message });
    throw error;
  };

  const create = (app: FastifyInstance, actor: Actor, body: Create): Promise<Row> =>
    app.database.db.transaction(async (tx) => {
      const context: WriteContext<Row> = { actor };
      const values = await valuesOf(tx, body, context);
      const [created] = await tx
        .insert(table)
        .values(values as never)
        .returning({ id: table.id })
        .catch(uniqueField);
      const id = Number(created!.id);
      await options.afterWrite?.(tx, id, { ...context, id });
      const row = await load(tx, id);
      await audit(tx, actor, { action: `${entity}.created`, entity, entityId: id, after: snapshot(row) });
      return row;
    });

  const update = (app: FastifyInstance, actor: Actor, id: number, body: Partial<Create>): Promise<Row> =>
    app.database.db.transaction(async (tx) => {
      await lock(tx, id);
      const before = await load(tx, id);
      // Only what differs from the record counts: `{}` or a body equal to the record changes nothing.
      const given = Object.entries(body as object).filter(
        ([key, value]) => value !== undefined && !same(value, (before as Record<string, unknown>)[key]),
      );
      if (given.length === 0) return before;
      const context: WriteContext<Row> = { actor, before, id };
      const values = await valuesOf(tx, Object.fromEntries(given) as Partial<Create>, context);
      await tx
        .update(table)
        .set({ ...values, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
        .where(eq(table.id, id))
        .catch(uniqueField);
      await options.afterWrite?.(tx, id, context);
      const after = await load(tx, id);
      await audit(tx, actor, {
        action: `${entity}.updated`,
        entity,
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
      return after;
    });

  return { load, lock, create, update, hasUpdatedAt };
}

/**
 * The routes of a simple record, each write in one transaction with its audit entry:
 * `GET path` + `GET path/export` (the list), `GET path/:id`, `POST path`, `PUT path/:id` (partial),
 * and with `archive`, `POST path/:id/archive` and `POST path/:id/restore`.
 * Records with a workflow (decisions, money) keep their own services; this is for the plain ones.
 */
export function recordRoutes<Row extends object, Create extends object, Update extends object, Raw = Row>(
  app: FastifyInstance,
  options: RecordRoutes<Row, Create, Update, Raw>,
) {
  const { table, list, entity } = options;
  const declared: NonNullable<typeof options.endpoints> =
    options.endpoints ??
    recordEndpoints(options.path as `/${string}`, {
      page: options.page!,
      manage: options.manage!,
      row: options.row,
      create: options.create,
      update: options.update,
      summary: options.summary!,
      tags: options.tags!,
      archive: Boolean(options.archive),
    });
  const writes = recordWrites(options);
  const { load, lock, hasUpdatedAt } = writes;

  listRoutes(app, { endpoints: declared, list, fileName: options.fileName });

  route(app, declared.one, async (request) => load(app.database.db, request.params.id));
  route(app, declared.history, async (request) => {
    await load(app.database.db, request.params.id);
    return historyOf(app.database.db, entity, request.params.id);
  });

  route(app, declared.create, async (request) =>
    writes.create(app, actorOf(request), request.body as Create),
  );
  route(app, declared.update, async (request) =>
    writes.update(app, actorOf(request), request.params.id, request.body as Partial<Create>),
  );

  const archiveColumn = options.archive;
  if (!archiveColumn) return;
  const archiveKey = columnKey(table, archiveColumn);
  const setActive = (verb: 'archive' | 'restore', active: boolean) => {
    const declaration = declared[verb];
    if (!declaration) throw new Error(`${declared.list.path}: ${verb} is not declared in the contract`);
    route(app, declaration, async (request) => {
      const actor = actorOf(request);
      const id = request.params.id;
      return app.database.db.transaction(async (tx) => {
        await lock(tx, id);
        const before = await load(tx, id);
        const [current] = await tx
          .select({ active: archiveColumn })
          .from(table as PgTable)
          .where(eq(table.id, id));
        // Archiving an archived record (a double click, two tabs) answers the record as it is.
        if (current?.active === active) return before;
        await tx
          .update(table)
          .set({ [archiveKey]: active, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) } as never)
          .where(eq(table.id, id));
        const after = await load(tx, id);
        await audit(tx, actor, {
          action: `${entity}.${verb === 'archive' ? 'archived' : 'restored'}`,
          entity,
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
    });
  };
  setActive('archive', false);
  setActive('restore', true);
}

/** The table's property name of a column (drizzle's `set` takes property names, not SQL names). */
function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`records: column ${column.name} is not in its table`);
  return entry[0];
}
