import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointPath,
} from '@app/contract/endpoint';
import { filesEndpoints, type StaffUploadPurpose, type UploadedFile } from '@app/contract/files';
import { storedToken } from './session';

/** `{api}` of the shell spec: same-origin /api unless the build names another API origin. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a repeat of the same request is answered once (PRODUCT.md §2). */
  idempotencyKey?: string;
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  const token = storedToken();
  if (token) headers.Authorization = token;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // No time-out: the spec sets none; success is any 2xx.
  const res = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new ApiError(res.status, body.error ?? 'error', body.message ?? res.statusText, body.fields);
  }
  return res;
}

/** JSON call to the API with the stored token. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const res = await send(path, options);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Binary call (downloads): the body as a Blob. */
export async function apiBlob(path: string, options: ApiOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

/** A call of a contract endpoint: its parameters, query and body as declared (packages/contract). */
export type CallOptions<E extends Endpoint> = {
  signal?: AbortSignal;
  idempotencyKey?: string;
} & (EndpointParams<E> extends undefined ? { params?: never } : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: never } : { query?: EndpointQuery<E> }) &
  (EndpointBody<E> extends undefined ? { body?: FormData } : { body: EndpointBody<E> | FormData });

/** The options argument may be left out only when nothing in it is required. */
export type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>];

function sendTo<E extends Endpoint>(declaration: E, options: CallOptions<E> | undefined) {
  const { params, query, body, signal, idempotencyKey } = (options ?? {}) as {
    params?: object;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  return send(endpointPath(declaration, params), {
    method: declaration.method,
    body,
    query: queryStrings(query),
    signal,
    idempotencyKey,
  });
}

/** Query values as the URL carries them; objects (a list's filter) as JSON. */
function queryStrings(query: Record<string, unknown> | undefined) {
  if (!query) return undefined;
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(query))
    out[k] =
      v === undefined || v === null ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return out;
}

/** Calls a contract endpoint with the stored token; answers its declared response. */
export async function call<E extends Endpoint>(
  declaration: E,
  ...[options]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const res = await sendTo(declaration, options);
  return (res.status === 204 ? undefined : await res.json()) as EndpointResponse<E>;
}

/** Calls a contract endpoint that answers a file (a download): the body as a Blob. */
export async function callBlob<E extends Endpoint & { file: true }>(
  declaration: E,
  ...[options]: CallArgs<E>
): Promise<Blob> {
  return (await sendTo(declaration, options)).blob();
}

/** Like callBlob, with the file name the server gave (Content-Disposition), for files named by it. */
export async function callBlobNamed<E extends Endpoint & { file: true }>(
  declaration: E,
  ...[options]: CallArgs<E>
): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await sendTo(declaration, options);
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const fileName = star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? null);
  return { blob: await res.blob(), fileName };
}

/** Stores a file for a purpose (checked by content on the server): answers the file a record then claims. */
export async function uploadFile(file: File, purpose: StaffUploadPurpose): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return call(filesEndpoints.staffUpload, { query: { purpose }, body });
}
