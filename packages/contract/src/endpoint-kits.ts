import { z } from 'zod';
import type { ActionId } from './actions';
import { auditEntry } from './audit-entry';
import { bulkDecisionBody, bulkDecisionResult } from './decisions';
import { type EndpointAccess, endpoint } from './endpoint';
import { idParams } from './input';
import { listQuery, listResult } from './list';
import { uploadResult } from './uploads';

/** Path parameters of a declaration, when it has any (a list under a record: `/admin/users/:id/ledger`). */
type ParamsOf<Q> = [Q] extends [undefined] ? unknown : { readonly params: Q };

interface KitOptions<A extends EndpointAccess, Q extends z.ZodType | undefined> {
  access: A;
  summary: string;
  tags: readonly string[];
  params?: Q;
}

/**
 * A list's two endpoints: `GET path` (one page: list query → `{rows,total,nextCursor}`) and
 * `GET path/export` (the same filter and sort as xlsx). The server's `listRoutes` registers both,
 * the web's list page reads `resourceOf(list)` and exports through `export`.
 */
export function listEndpoints<
  const P extends `/${string}`,
  const A extends EndpointAccess,
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
>(path: P, options: KitOptions<A, Q> & { row: R }) {
  const { access, tags, params } = options;
  const shared = { access, tags, query: listQuery, ...(params ? { params } : {}) };
  return {
    list: endpoint({
      method: 'GET',
      path,
      summary: options.summary,
      response: listResult(options.row),
      ...shared,
    }) as {
      method: 'GET';
      path: P;
      access: A;
      summary: string;
      tags: readonly string[];
      query: typeof listQuery;
      response: ReturnType<typeof listResult<R>>;
    } & ParamsOf<Q>,
    export: endpoint({
      method: 'GET',
      path: `${path}/export` as `/${string}`,
      summary: `${options.summary}: the current filter as xlsx`,
      file: true,
      ...shared,
    }) as {
      method: 'GET';
      path: `${P}/export`;
      access: A;
      summary: string;
      tags: readonly string[];
      query: typeof listQuery;
      file: true;
    } & ParamsOf<Q>,
  };
}

/** Any list's two endpoints (with or without path parameters). */
export type ListEndpoints = ReturnType<
  typeof listEndpoints<`/${string}`, EndpointAccess, z.ZodType, undefined>
>;

/** `?applyValid=true` applies the good rows of a file that has errors (the same file sent again). */
export const uploadQuery = z.object({ applyValid: z.enum(['true', 'false']).default('false') });

/**
 * A spreadsheet upload's three endpoints: `POST path` (multipart `file`; `applyValid`), its
 * `GET template` and `GET errors/:id` (the uploader's own error report). The template and the
 * report are read with the page; the upload itself changes something, so it declares an action.
 */
export function uploadEndpoints<
  const P extends `/${string}`,
  const T extends `/${string}`,
  const E extends `/${string}`,
  const W extends { readonly action: ActionId },
  const A extends EndpointAccess,
  R extends z.ZodType = typeof uploadResult,
>(
  paths: { upload: P; template: T; errors: E },
  options: {
    access: A;
    write: W;
    summary: string;
    tags: readonly string[];
    result?: R;
  },
) {
  const { access, tags } = options;
  return {
    upload: endpoint({
      method: 'POST',
      path: paths.upload,
      access: options.write,
      tags,
      summary: options.summary,
      query: uploadQuery,
      response: (options.result ?? uploadResult) as R,
    }),
    template: endpoint({
      method: 'GET',
      path: paths.template,
      access,
      tags,
      summary: `${options.summary}: the template (xlsx)`,
      file: true,
    }),
    errors: endpoint({
      method: 'GET',
      path: `${paths.errors}/:id` as `${E}/:id` & `/${string}`,
      access,
      tags,
      summary: 'The error report of my upload (xlsx)',
      params: idParams,
      file: true,
    }),
  };
}
export type UploadEndpoints = ReturnType<typeof uploadEndpoints>;

/**
 * A plain record's endpoints (server lib/records `recordRoutes`): its list and export, `one`,
 * `create`, a partial `update`, and with `archive`, `archive` and `restore`. Reads need the page,
 * writes the record's `manage` action.
 */
export function recordEndpoints<
  const P extends `/${string}`,
  const G extends string,
  const M extends ActionId,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  const Z extends boolean = false,
>(
  path: P,
  options: {
    page: G;
    manage: M;
    row: R;
    create: C;
    update: U;
    summary: string;
    tags: readonly string[];
    /** Records archived by a boolean column: `POST :id/archive` and `:id/restore`. */
    archive?: Z;
  },
) {
  const { tags, row } = options;
  const read = { page: options.page } as const;
  const write = { action: options.manage } as const;
  const plural = options.summary.toLowerCase();
  const one = `${path}/:id` as `${P}/:id` & `/${string}`;
  const setActive = (verb: 'archive' | 'restore') =>
    endpoint({
      method: 'POST',
      path: `${one}/${verb}` as `${P}/:id/${typeof verb}` & `/${string}`,
      access: write,
      tags,
      summary: `${verb === 'archive' ? 'Archive' : 'Restore'} one (${plural})`,
      params: idParams,
      response: row,
    });
  const base = {
    ...listEndpoints(path, { access: read, row, summary: options.summary, tags }),
    one: endpoint({
      method: 'GET',
      path: one,
      access: read,
      tags,
      summary: `One of ${plural}`,
      params: idParams,
      response: row,
    }),
    create: endpoint({
      method: 'POST',
      path,
      access: write,
      tags,
      summary: `Create (${plural})`,
      body: options.create,
      response: row,
    }),
    update: endpoint({
      method: 'PUT',
      path: one,
      access: write,
      tags,
      summary: `Edit (${plural}); only the fields given change`,
      params: idParams,
      body: options.update,
      response: row,
    }),
    history: historyEndpoint(path, read, plural, tags),
  };
  const archiving = { archive: setActive('archive'), restore: setActive('restore') };
  return (options.archive ? { ...base, ...archiving } : base) as typeof base &
    (Z extends true ? typeof archiving : unknown);
}
/** The endpoints of a record, with or without archiving (server lib/records registers either). */
export type RecordEndpoints = ReturnType<
  typeof recordEndpoints<`/${string}`, string, ActionId, z.ZodType, z.ZodType, z.ZodType, false>
>;
export type ArchivableEndpoints = ReturnType<
  typeof recordEndpoints<`/${string}`, string, ActionId, z.ZodType, z.ZodType, z.ZodType, true>
>;

/**
 * A record's history: `GET path/:id/history` → its latest audit entries, newest first, for whoever
 * reads the record (the audit log itself is Manage Admin's). Record kits include it.
 */
export const historyEndpoint = <const P extends `/${string}`, const A extends EndpointAccess>(
  path: P,
  access: A,
  noun: string,
  tags: readonly string[],
) =>
  endpoint({
    method: 'GET',
    path: `${path}/:id/history` as `${P}/:id/history` & `/${string}`,
    access,
    tags,
    summary: `The history of one ${noun} (its audit entries, newest first)`,
    params: idParams,
    response: z.array(auditEntry),
  });

/**
 * A picker's options: `GET path` → every row, for any signed-in staff account (the pickers sit on
 * pages of roles that do not hold the page owning the rows). The web reads it with `useOptions`.
 */
export const optionsEndpoint = <const P extends `/${string}`, O extends z.ZodType>(
  path: P,
  option: O,
  summary: string,
  tags: readonly string[],
) => endpoint({ method: 'GET', path, access: 'staff', tags, summary, response: z.array(option) });

/**
 * A decision flow's bulk endpoints (server lib/decision-routes): `POST path/approve` and
 * `POST path/reject`, `{ ids, reason?, …fields }` → an outcome per row, behind the deciding action.
 */
export function bulkDecisionEndpoints<const P extends `/${string}`, const A extends ActionId>(
  path: P,
  options: { action: A; noun: string; tags: readonly string[]; fields?: z.ZodRawShape },
) {
  const body = options.fields ? bulkDecisionBody.extend(options.fields) : bulkDecisionBody;
  const of = <const V extends 'approve' | 'reject'>(verb: V) =>
    endpoint({
      method: 'POST',
      path: `${path}/${verb}` as `${P}/${V}` & `/${string}`,
      access: { action: options.action },
      tags: options.tags,
      summary: `${verb === 'approve' ? 'Approve' : 'Reject'} one or many ${options.noun}, with an outcome per row`,
      body: body as typeof bulkDecisionBody,
      response: bulkDecisionResult,
    });
  return { approve: of('approve'), reject: of('reject') };
}
