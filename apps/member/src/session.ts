import { forgetKept } from './kept-copy';

/**
 * The member's own session. Its key is the member app's: the staff token's keys (the shell spec's)
 * are never read or written here, so a staff session on the same browser never reaches /api/app.
 */
const TOKEN_KEY = 'member-app.token';

export const memberToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export function saveMemberToken(token: string) {
  forgetKept();
  localStorage.setItem(TOKEN_KEY, token);
}
export function forgetMemberToken() {
  forgetKept();
  localStorage.removeItem(TOKEN_KEY);
}
