import { BUILT_IN_ROLES, builtInPermissions, SUPER_ROLE } from '@app/contract/permissions';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type Access, permissionOf } from '../src/plugins/access';
import type { TestApp } from './harness';

/**
 * Request bodies made from the OpenAPI document (the routes' own Zod schemas), so a table of cases
 * covers every route that exists, including routes added later.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  maxItems?: number;
}

export interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  access: Access;
  body: JsonSchema;
}

export const isIntegration = (access: Access) => typeof access === 'object' && 'integration' in access;

/** POST/PUT/PATCH API routes whose body is JSON, with the body's schema. */
export function jsonWriteRoutes(app: FastifyInstance): WriteRoute[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
    >;
  };
  return app.accessTable.flatMap((r) => {
    if (!['POST', 'PUT', 'PATCH'].includes(r.method) || !r.url.startsWith('/api/')) return [];
    // An API key is a caller these probes do not hold: integrations.test.ts sends those bodies.
    if (isIntegration(r.access)) return [];
    const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const body =
      doc.paths[path]?.[r.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
    return body ? [{ method: r.method as WriteRoute['method'], url: r.url, access: r.access, body }] : [];
  });
}

const variant = (s: JsonSchema): JsonSchema =>
  (s.anyOf ?? s.oneOf)?.find((v) => v.type !== 'null') ?? s.allOf?.[0] ?? s;

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A plausible value: the first enum member, a future date, a small number, one array item. */
export function sampleOf(schema: JsonSchema): unknown {
  const s = variant(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined && typeOf(s) !== 'object') return s.default;
  switch (typeOf(s)) {
    case 'object':
      // A webhook's address is checked as one (https, a public host) before anything else in its body.
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [
          k,
          k === 'url' ? 'https://127.0.0.1/hook' : sampleOf(v),
        ]),
      );
    case 'array':
      return s.items ? [sampleOf(s.items)] : [];
    case 'string':
      if (s.format === 'date') return '2099-01-01';
      if (s.format === 'email') return 'someone@example.com';
      if (s.format === 'uri') return 'https://127.0.0.1/hook';
      if (s.format === 'date-time') return '2099-01-01T00:00:00.000Z';
      return 'Sample text';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** Dotted paths of every free string (not an enum) in the body, array items as `.0`. */
export function stringPaths(schema: JsonSchema, prefix = ''): string[] {
  const s = variant(schema);
  const t = typeOf(s);
  // A body that is itself a string is a file's text, checked line by line by that file's parser.
  if (t === 'string') return s.enum || s.const !== undefined || prefix === '' ? [] : [prefix];
  if (t === 'array' && s.items) return stringPaths(s.items, `${prefix}${prefix ? '.' : ''}0`);
  if (t !== 'object') return [];
  return Object.entries(s.properties ?? {}).flatMap(([k, v]) =>
    stringPaths(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** Dotted paths of every array in the body, with the schema of each. */
export function arrayPaths(schema: JsonSchema, prefix = ''): { path: string; schema: JsonSchema }[] {
  const s = variant(schema);
  const t = typeOf(s);
  if (t === 'array') return [{ path: prefix, schema: s }];
  if (t !== 'object') return [];
  return Object.entries(s.properties ?? {}).flatMap(([k, v]) => arrayPaths(v, prefix ? `${prefix}.${k}` : k));
}

/** A copy of `body` with the value at the dotted `path` replaced. */
export function withValue(body: unknown, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

/** The URL with every path parameter set to `id`. */
export const withIds = (url: string, id = '1') =>
  url.replace(':platform', 'android').replace(/:[A-Za-z]+/g, id);

/** The super role when it holds the page (it may edit every other role's accounts), else a role that does. */
export const staffRoleFor = (access: Access): string =>
  typeof access === 'object'
    ? ([SUPER_ROLE, ...BUILT_IN_ROLES].find((r) => builtInPermissions(r).includes(permissionOf(access)!)) ??
      SUPER_ROLE)
    : SUPER_ROLE;

let peer = 0;
/** Each call from its own address, so the per-address limits of public routes stay out of the way. */
const nextPeer = () => `10.77.${(++peer >> 8) & 255}.${peer & 255}`;

/** Calls the route as someone it admits: no one for public routes, a member, a BDE, or a staff role holding it. */
export function callerFor(t: TestApp, access: Access, memberToken: string, fieldToken?: string) {
  return (options: InjectOptions) => {
    const call = { ...options, remoteAddress: nextPeer() };
    if (access === 'public') return t.app.inject(call);
    if (access === 'field')
      return t.app.inject({ ...call, headers: { ...call.headers, authorization: `Bearer ${fieldToken}` } });
    return t.as(access === 'member' ? memberToken : staffRoleFor(access), call);
  };
}
