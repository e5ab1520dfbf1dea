import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiBlob } from '../app/api';
import { downloadFile } from './download';

/**
 * An image a record serves (a project photo, a feedback attachment): its thumbnail is fetched with
 * the signed-in token and shown from a blob: URL (the server sends files as attachments; the page
 * never links to them). Clicking downloads the full file. A file without a thumbnail (a PDF) shows
 * a download link instead.
 */
export function ProtectedImage(props: {
  /** The file's path on the API, e.g. `/admin/projects/4/photos/17`; its thumbnail is `<path>/thumbnail`. */
  path: string;
  hasThumbnail: boolean;
  label: string;
  fileName: string;
  size?: number;
}) {
  const { path, hasThumbnail } = props;
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!hasThumbnail) return;
    let made: string | undefined;
    apiBlob(`${path}/thumbnail`)
      .then((b) => {
        made = URL.createObjectURL(b);
        setUrl(made);
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, hasThumbnail]);
  const download = () =>
    void downloadFile(props.path, props.fileName).catch((e: Error) => setError(e.message));
  return (
    <Box sx={{ width: props.size ?? 200, maxWidth: '100%' }}>
      {error && <Typography color="error">{error}</Typography>}
      {hasThumbnail ? (
        url && (
          <Box
            component="img"
            src={url}
            alt={props.label}
            title="Download the full image"
            onClick={download}
            sx={{ width: '100%', border: 1, borderColor: 'divider', cursor: 'pointer', display: 'block' }}
          />
        )
      ) : (
        <Link component="button" onClick={download}>
          Download {props.label}
        </Link>
      )}
      <Typography variant="caption">{props.label}</Typography>
    </Box>
  );
}
