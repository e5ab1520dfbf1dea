/**
 * The member's own session. Its key is the member app's: the staff token's keys (the shell spec's)
 * are never read or written here, so a staff session on the same browser never reaches /api/app.
 */
const TOKEN_KEY = 'member-app.token';

export const memberToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const saveMemberToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const forgetMemberToken = () => localStorage.removeItem(TOKEN_KEY);
