import { commonPasswordCheck } from '@app/contract/password-patterns';
import { useEffect, useState } from 'react';

let loading: Promise<(password: string) => boolean> | undefined;

/** The full common-password check, fetched once (its own chunk) when a password form first opens. */
export function loadCommonPasswordCheck(): Promise<(password: string) => boolean> {
  // The real list module: vite.config.ts replaces only the contract's own static import of it.
  loading ??= import('@app/contract/common-password-list').then((m) =>
    commonPasswordCheck(m.COMMON_PASSWORD_LIST),
  );
  return loading;
}

/** The check once loaded (null before, or if it cannot be fetched: the server refuses anyway). */
export function useCommonPasswordCheck(active = true): ((password: string) => boolean) | null {
  const [check, setCheck] = useState<((password: string) => boolean) | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    loadCommonPasswordCheck()
      .then((c) => live && setCheck(() => c))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [active]);
  return check;
}
