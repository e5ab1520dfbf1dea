import type { LoginResponse } from '@app/contract/auth';

/** The shell spec's browser storage keys (section 3). */
export const STORAGE_KEYS = ['token', 'userRole', 'roleName', 'email', 'data'] as const;

export function saveSession(login: LoginResponse): void {
  localStorage.setItem('token', login.token);
  localStorage.setItem('userRole', login.userRole);
  localStorage.setItem('roleName', login.roleName);
  localStorage.setItem('email', login.email);
  localStorage.setItem('data', JSON.stringify(login.data));
}

export function clearSession(): void {
  for (const key of STORAGE_KEYS) localStorage.removeItem(key);
}

export const storedToken = (): string | null => localStorage.getItem('token');
/** The role, lowercased as the spec compares it. */
export const storedRole = (): string => (localStorage.getItem('userRole') ?? '').toLowerCase();
