import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointPath,
} from '@app/contract/endpoint';
import { filesEndpoints, type MemberUploadPurpose } from '@app/contract/files';
import { forgetMemberToken, memberToken } from './session';

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

type CallOptions<E extends Endpoint> = { idempotencyKey?: string } & (EndpointParams<E> extends undefined
  ? { params?: never }
  : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: never } : { query?: EndpointQuery<E> }) &
  (EndpointBody<E> extends undefined ? { body?: FormData } : { body: EndpointBody<E> });
type CallArgs<E extends Endpoint> = object extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>];

function urlOf(declaration: Endpoint, params?: object, query?: Record<string, unknown>): URL {
  const url = new URL(`/api${endpointPath(declaration, params)}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null)
      url.searchParams.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return url;
}

/** Calls a contract endpoint with the MEMBER token; a 401 forgets it (the session ended). */
export async function call<E extends Endpoint>(
  declaration: E,
  ...[options]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body, idempotencyKey } = (options ?? {}) as {
    params?: object;
    query?: Record<string, unknown>;
    body?: unknown;
    idempotencyKey?: string;
  };
  const url = urlOf(declaration, params, query);
  const headers: Record<string, string> = {};
  const token = memberToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method: declaration.method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    cache: 'no-store',
  });
  if (!res.ok) {
    const err = await res.json().catch(() => ({}));
    if (res.status === 401) forgetMemberToken();
    throw new ApiError(res.status, err.error ?? 'error', err.message ?? res.statusText, err.fields);
  }
  return (res.status === 204 ? undefined : await res.json()) as EndpointResponse<E>;
}

/** A KYC photo (or PDF) as multipart: answers the file id the KYC submission then claims. */
export const uploadKycImage = (file: Blob) => uploadFile(file, 'kyc_image');

/** A member upload for a record that claims it next (kyc_image, project_photo, feedback_attachment). */
export async function uploadFile(file: Blob, purpose: MemberUploadPurpose): Promise<number> {
  const body = new FormData();
  body.append('file', file, purpose);
  return (await call(filesEndpoints.memberUpload, { query: { purpose }, body })).id;
}

/**
 * A member-only file (a banner image, a document's PDF) as a local object URL: an <img> or a link
 * cannot send the member token, so the file is fetched with it first.
 */
export async function memberFileUrl(path: string): Promise<string> {
  const token = memberToken();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError(res.status, 'error', res.statusText);
  return URL.createObjectURL(await res.blob());
}

/**
 * A file endpoint (a PDF) fetched with the member token and handed to the phone as a download: a
 * link cannot send the token itself.
 */
export async function downloadFile<E extends Endpoint>(
  declaration: E,
  query: EndpointQuery<E> & Record<string, unknown>,
  name: string,
): Promise<void> {
  const token = memberToken();
  const res = await fetch(urlOf(declaration, undefined, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const err = await res.json().catch(() => ({}));
    throw new ApiError(res.status, err.error ?? 'error', err.message ?? res.statusText, err.fields);
  }
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
