import { KNOWN_GOOD_DAYS } from '../../lib/sign-in-throttle';
import { newToken } from '../../lib/tokens';

/**
 * The device token of staff sign-in (lib/sign-in-throttle): a random value in an http-only cookie
 * that only the sign-in route receives. A browser that signed in with the right password is told it
 * (once, then kept), so that a lock set off by someone else at a shared address does not hold it.
 */
const COOKIE = 'at_sign_in_device';
const PATH = '/api/admin/login';

/** The token the request's cookies carry, if any. */
function deviceTokenOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE && value.length > 0) {
      const token = value.join('=');
      if (/^[\w-]{20,100}$/.test(token)) return token;
    }
  }
  return null;
}

/** The request's device token, or a new one (remembered only once a right password comes with it). */
export const deviceTokenFor = (cookieHeader: string | undefined): string =>
  deviceTokenOf(cookieHeader) ?? newToken();

/** The Set-Cookie header for a device's token; Secure in production. */
export function deviceCookie(token: string, secure: boolean): string {
  const maxAge = KNOWN_GOOD_DAYS * 24 * 60 * 60;
  const attributes = [`Path=${PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return [`${COOKIE}=${token}`, ...attributes].join('; ');
}
