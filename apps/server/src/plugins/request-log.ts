import type { FastifyRequest } from 'fastify';

/**
 * What a log line says of a request. Fastify's own serializer writes the whole URL, and two provider
 * webhooks authenticate by a shared secret in the query (MSG91's delivery reports `?secret=`, Meta's
 * subscription handshake `?hub.verify_token=`): whoever reads the logs would hold the secret.
 */

/** Query parameters whose values are credentials; compared without case and without a trailing `[]`. */
export const SECRET_QUERY_PARAMETERS = ['secret', 'hub.verify_token'];

const REDACTED = '[redacted]';

function parameterName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase().replace(/\[\]$/, '');
  } catch {
    return null; // malformed: cannot be told apart from a secret
  }
}

/** The URL with the value of each secret query parameter replaced by `[redacted]`. */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      const known = parameterName(name);
      const secret = known === null || SECRET_QUERY_PARAMETERS.includes(known);
      return secret && eq >= 0 ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's request serializer, with the URL's secrets redacted. */
export const requestForLog = (req: FastifyRequest) => ({
  method: req.method,
  url: urlForLog(req.url),
  version: req.headers['accept-version'] as string | undefined,
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
