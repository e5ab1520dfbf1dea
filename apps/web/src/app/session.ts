import type { LoginResponse, StaffProfile } from '@app/contract/auth';

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

/** Keeps the stored profile in step with GET /admin/me (a renamed role or changed permissions). */
export function saveProfile(profile: StaffProfile): void {
  localStorage.setItem('roleName', profile.roleName);
  localStorage.setItem('data', JSON.stringify(profile));
}

export const storedToken = (): string | null => localStorage.getItem('token');
/** The role, lowercased as the spec compares it. */
export const storedRole = (): string => (localStorage.getItem('userRole') ?? '').toLowerCase();
export const storedRoleName = (): string => localStorage.getItem('roleName') ?? '';

/** The profile saved at sign-in, or null when `data` is missing or not a profile. */
export function storedProfile(): StaffProfile | null {
  try {
    const data = JSON.parse(localStorage.getItem('data') ?? 'null') as Partial<StaffProfile> | null;
    if (!data || !Array.isArray(data.permissions)) return null;
    return { ...data, permissions: data.permissions.filter((p) => typeof p === 'string') } as StaffProfile;
  } catch {
    return null;
  }
}
