import type { ReportTypeOption } from '@app/contract/reports';
import { useEffect, useState } from 'react';
import { api } from '../../app/api';

/** The report types the signed-in role may run (GET /admin/reports/types); null while loading. */
export function useReportTypes(): ReportTypeOption[] | null {
  const [types, setTypes] = useState<ReportTypeOption[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<ReportTypeOption[]>('/admin/reports/types', { signal: controller.signal })
      .then(setTypes)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the report types', error);
        setTypes([]);
      });
    return () => controller.abort();
  }, []);
  return types;
}
