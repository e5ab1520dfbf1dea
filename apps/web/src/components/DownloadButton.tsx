import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useNotify, useRecordContext } from 'react-admin';
import { downloadFile } from './download';

/** Downloads a file of the row: `path(record)` on the API, saved as `fileName(record)`. */
export function DownloadButton(props: {
  label?: string;
  path: (r: Record<string, unknown>) => string | null;
  fileName: (r: Record<string, unknown>) => string;
}) {
  const record = useRecordContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const path = record ? props.path(record) : null;
  if (!record || !path) return null;
  const onClick = async (e: React.MouseEvent) => {
    e.stopPropagation();
    setBusy(true);
    try {
      await downloadFile(path, props.fileName(record));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Download failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={props.label ?? 'Download'} onClick={onClick} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
