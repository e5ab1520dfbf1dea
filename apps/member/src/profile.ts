import { type MemberProfile, memberAppEndpoints } from '@app/contract/member-app';
import { useCallback, useEffect, useState } from 'react';
import { call } from './api';
import { keep, readKept } from './kept-copy';
import { memberToken } from './session';

const KEPT_AS = 'profile';

/**
 * The signed-in member's profile (null: not signed in), reloaded on demand after a change and when the
 * network returns. Offline, the copy kept from the last load is shown at once, with `asOf` its time
 * (null when the profile is fresh from the server).
 */
export function useProfile() {
  const [profile, setProfile] = useState<MemberProfile | null | undefined>(() =>
    memberToken() ? readKept<MemberProfile>(KEPT_AS)?.value : null,
  );
  const [asOf, setAsOf] = useState<string | null>(() =>
    memberToken() ? (readKept<MemberProfile>(KEPT_AS)?.savedAt ?? null) : null,
  );
  const reload = useCallback(async () => {
    if (!memberToken()) return setProfile(null);
    try {
      const fresh = await call(memberAppEndpoints.profile);
      keep(KEPT_AS, fresh);
      setProfile(fresh);
      setAsOf(null);
    } catch {
      // Offline, the screen keeps what it showed; a refused token (401, forgotten by call()) signs out.
      setProfile((shown) => (memberToken() ? shown : null));
    }
  }, []);
  useEffect(() => {
    void reload();
    const again = () => void reload();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [reload]);
  return { profile, asOf, setProfile, reload };
}
