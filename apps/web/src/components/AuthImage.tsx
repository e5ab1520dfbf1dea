import { Box, Skeleton } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiBlob } from '../app/api';

/**
 * An image served by the API (a record's image or thumbnail route, which needs the session token,
 * so a plain `<img src>` cannot load it): fetched as a blob and shown from an object URL.
 */
export function AuthImage({ path, alt, size = 64 }: { path: string | null; alt: string; size?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!path) return;
    let objectUrl: string | null = null;
    let live = true;
    apiBlob(path)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setUrl(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  if (!path || failed)
    return <Box sx={{ width: size, height: size, bgcolor: 'action.hover', borderRadius: 1 }} />;
  if (!url) return <Skeleton variant="rounded" width={size} height={size} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
}
