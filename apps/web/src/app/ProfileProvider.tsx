import { authEndpoints, type StaffProfile } from '@app/contract/auth';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadDensity } from '../components/list/density';
import { ApiError, call } from './api';
import { ProfileContext } from './profile-context';
import { clearSession, saveProfile, storedProfile, storedRoleName, storedToken } from './session';

/**
 * Loads the profile (with the role's permissions, read from the database) once per dashboard
 * visit. Until it answers, the profile saved at sign-in stands in. A token the server no longer
 * knows signs this tab out.
 */
export function ProfileProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [profile, setProfile] = useState<StaffProfile | null>(storedProfile);

  useEffect(() => {
    const controller = new AbortController();
    call(authEndpoints.me, { signal: controller.signal })
      .then((fresh) => {
        if (!storedToken()) return; // signed out meanwhile: do not write the profile back
        saveProfile(fresh);
        setProfile(fresh);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          navigateRef.current('/', { replace: true });
          return;
        }
        console.error('Could not load the profile', error);
      });
    // The person's own list density, saved on the server (read at sign-in and at every reload).
    loadDensity(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.error('Could not load the preferences', error);
    });
    return () => controller.abort();
  }, []);

  const value = useMemo(() => {
    const permissions: ReadonlySet<string> = new Set(profile?.permissions ?? []);
    return {
      profile,
      roleName: profile?.roleName ?? storedRoleName(),
      permissions,
      can: (pagePath: string) => permissions.has(pagePath),
    };
  }, [profile]);

  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}
