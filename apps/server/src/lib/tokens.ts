import { createHash, randomBytes } from 'node:crypto';

/** An opaque 256-bit session token; only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Accepts `Authorization: Bearer <token>` and the bare token the shell spec sends. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token.length > 0 ? token : null;
}
