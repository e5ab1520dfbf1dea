import { useEffect } from 'react';
import { type RaRecord, useListContext, useRefresh } from 'react-admin';

/** Re-reads the list every `ms` while any shown row is still busy (generating, rendering). */
export function AutoRefresh({ busy, ms = 1000 }: { busy: (row: RaRecord) => boolean; ms?: number }) {
  const { data } = useListContext();
  const refresh = useRefresh();
  const active = (data ?? []).some(busy);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(refresh, ms);
    return () => clearInterval(timer);
  }, [active, ms, refresh]);
  return null;
}
