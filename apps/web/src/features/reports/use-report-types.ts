import { type ReportTypeOption, reportsEndpoints } from '@app/contract/reports';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../app/api';

export interface ReportTypes {
  /** The report types the signed-in role may run; null while loading or after a failure. */
  types: ReportTypeOption[] | null;
  /** Why they could not be loaded: never shown as "no report types". */
  error: unknown;
  retry: () => void;
}

/** The report types the signed-in role may run (GET /admin/reports/types). */
export function useReportTypes(): ReportTypes {
  const [types, setTypes] = useState<ReportTypeOption[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the request on retry().
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    call(reportsEndpoints.types, { signal: controller.signal })
      .then(setTypes)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setTypes(null);
        setError(failure ?? new Error('The report types could not be loaded'));
      });
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { types, error, retry };
}
