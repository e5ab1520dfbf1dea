import { type MemberProfile, memberAppEndpoints } from '@app/contract/member-app';
import { useCallback, useEffect, useState } from 'react';
import { call } from './api';
import { memberToken } from './session';

/** The signed-in member's profile (null: not signed in), reloaded on demand after a change. */
export function useProfile() {
  const [profile, setProfile] = useState<MemberProfile | null | undefined>(memberToken() ? undefined : null);
  const reload = useCallback(async () => {
    if (!memberToken()) return setProfile(null);
    try {
      setProfile(await call(memberAppEndpoints.profile));
    } catch {
      // Offline, the screen keeps what it showed; a refused token (401, forgotten by call()) signs out.
      setProfile((shown) => (memberToken() ? shown : null));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { profile, setProfile, reload };
}
