import { type Identifier, type RaRecord, useGetOne } from 'react-admin';

/**
 * Marks a getOne query as the record's own answer (`GET <resource>/:id`). react-admin copies every row
 * a list loads into the cache of getOne under the key (resource, id, meta): read through plain
 * `useGetOne`, a detail richer than its list row (an invoice and its lines) first comes back as the
 * row, without the detail's fields. A meta of its own keys the query apart from the rows.
 */
const DETAIL = { detail: true } as const;

/** One record as its own route answers it, never a list's row standing in for it. */
export function useRecordDetail<T extends object>(resource: string, id: Identifier | undefined) {
  const result = useGetOne<RaRecord>(
    resource,
    { id: id ?? '', meta: DETAIL },
    // The page shows a failure with Retry at once rather than after react-query's three retries.
    { retry: false, enabled: id != null },
  );
  return { ...result, data: result.data as T | undefined };
}
