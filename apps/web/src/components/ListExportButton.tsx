import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { apiBlob } from '../app/api';

/**
 * "Export of the current filter" (PRODUCT.md §2): asks the list's server export (`<path>`, e.g.
 * `/admin/staff/export`, streamed xlsx through the report engine's writer) for exactly the filter
 * and sort the list shows, and saves the file.
 */
export function ListExportButton({ path, fileName }: { path: string; fileName: string }) {
  const { filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      const blob = await apiBlob(path, {
        query: { filter: JSON.stringify(filterValues), sort: sort?.field, order: sort?.order },
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${fileName}.xlsx`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="Export" onClick={onClick} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
