import { formatCount } from '@app/contract/format';
import { Pagination, useListContext } from 'react-admin';

const rangeLabel =
  (estimate: boolean) =>
  ({ from, to, count }: { from: number; to: number; count: number }) =>
    `${formatCount(from)}–${formatCount(to)} of ${estimate ? 'about ' : ''}${formatCount(count)}`;

/**
 * Pages of the list; a total the server only estimates (very large tables) reads "about N". While the
 * list shows its error state there is nothing to page through ("1–25 of -1"), so none is shown.
 */
export function ListPagination() {
  const { meta, error } = useListContext();
  if (error) return null;
  const estimate = Boolean((meta as { totalIsEstimate?: boolean } | undefined)?.totalIsEstimate);
  return (
    <Pagination
      rowsPerPageOptions={[10, 25, 50, 100]}
      // Passed through to MUI's TablePagination, which react-admin's types do not list.
      {...({ labelDisplayedRows: rangeLabel(estimate) } as object)}
    />
  );
}
