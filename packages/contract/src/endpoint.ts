import type { z } from 'zod';
import type { ActionId } from './actions';

/**
 * Who may call an endpoint (the server's plugins/access reads it):
 * - `public`: anyone; `staff`: any signed-in staff account; `member` / `field`: a signed-in member
 *   of the app / BDE of the field app, each kind looking only in its own sessions;
 * - `{ page }`: a staff role holding that page's permission, for the endpoints that READ it;
 * - `{ action }`: a staff role holding that action (actions.ts), for every endpoint that CHANGES something;
 * - `{ memberWrite }`: a member endpoint that changes something, by its business function (the
 *   server's member-writes guard: standing, terms, per-member limit);
 * - `{ integration }`: the integration API, opened only by a service account's API key
 *   (`Authorization: Bearer ak_…`) holding that scope: a page path to read, an action id to change.
 */
export type EndpointAccess =
  | 'public'
  | 'staff'
  | 'member'
  | 'field'
  | { readonly page: string }
  | { readonly action: ActionId }
  | { readonly memberWrite: string }
  | { readonly integration: string };

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, declared once: the server registers its handler against it (access and schemas
 * come from here) and the web calls it through `call()`, so a wrong path, body or action does not compile.
 */
export interface Endpoint {
  readonly method: EndpointMethod;
  /** Under /api, with `:name` parameters, e.g. `/admin/redemptions/:id/approve`. */
  readonly path: `/${string}`;
  readonly access: EndpointAccess;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** Request headers worth documenting, e.g. a write call's Idempotency-Key. */
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /** The 200 answer's JSON. Absent for a download (`file`) or an answer without a body. */
  readonly response?: z.ZodType;
  /** The answer is a file (xlsx, pdf, image): the web reads it as a Blob. */
  readonly file?: true;
  /** The answer is 204 without a body. */
  readonly noContent?: true;
  /** The answer is 201 Created, with `response` as its body (an upload's stored file). */
  readonly created?: true;
}

/** Declares an endpoint, keeping its literal types (the path, the schemas) for the server and the web. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

type InputOf<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;
type OutputOf<E, K extends 'params' | 'query' | 'body'> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** What a caller sends: path parameters, query and body, each as the schema accepts it. */
/** Path parameters: each one a string or a number (the URL carries it as text; the server parses it). */
export type EndpointParams<E> =
  InputOf<E, 'params'> extends undefined ? undefined : { [K in keyof InputOf<E, 'params'>]: string | number };
export type EndpointQuery<E> = InputOf<E, 'query'>;
export type EndpointBody<E> = InputOf<E, 'body'>;
/** What the handler receives after validation. */
export type ParsedParams<E> = OutputOf<E, 'params'>;
export type ParsedQuery<E> = OutputOf<E, 'query'>;
export type ParsedBody<E> = OutputOf<E, 'body'>;
/** What the handler returns (the serializer's input) and what the caller gets back. */
export type EndpointReply<E> = E extends { readonly response: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
export type EndpointResponse<E> = E extends { readonly response: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** The URL path of one call under /api: each `:name` filled from the parameters (URL-encoded). */
export function endpointPath(declaration: Endpoint, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return declaration.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${declaration.method} ${declaration.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A list endpoint's react-admin resource: its path under /api without the leading slash (the data
 * provider adds `/:id`, `/export`); a list under a record has its parameters filled in
 * (`resourceOf(endpoints.ofMember.list, { id })` → `admin/users/7/redemptions`).
 */
export function resourceOf<E extends Endpoint>(
  declaration: E,
  ...[params]: EndpointParams<E> extends undefined ? [] : [EndpointParams<E>]
): string {
  return endpointPath(declaration, params).slice(1);
}

/**
 * The action an endpoint that changes something declares: a row button reads it from the endpoint it
 * calls (shown only to holders), so the web never restates an action's name.
 */
export const actionOf = <E extends { readonly access: { readonly action: ActionId } }>(
  declaration: E,
): E['access']['action'] => declaration.access.action;
