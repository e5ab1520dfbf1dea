import type { StaffProfile } from '@app/contract/auth';
import { createContext, useContext } from 'react';

/** The signed-in staff member as the shell knows it: GET /admin/me, or the stored `data` until it answers. */
export interface ProfileState {
  profile: StaffProfile | null;
  roleName: string;
  /** Page paths and group ids the role holds (contract/permissions). */
  permissions: ReadonlySet<string>;
  /** Whether the role may open the page with this path (its permission id). */
  can(pagePath: string): boolean;
}

export const ProfileContext = createContext<ProfileState>({
  profile: null,
  roleName: '',
  permissions: new Set(),
  can: () => false,
});

/** For pages: who is signed in and what their role may do. Use this instead of role names. */
export const useProfile = (): ProfileState => useContext(ProfileContext);
