import { fieldVisitsEndpoints } from '@app/contract/field';
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { callBlob } from '../../app/api';

/** One visit photo's thumbnail, fetched with the signed-in token and shown from a blob: URL. */
function Thumb({ visitId, fileId }: { visitId: number; fileId: number }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let made: string | undefined;
    callBlob(fieldVisitsEndpoints.photoThumbnail, { params: { id: visitId, fileId } })
      .then((b) => {
        made = URL.createObjectURL(b);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [visitId, fileId]);
  return url ? (
    <Box
      component="img"
      src={url}
      alt={`Visit photo ${fileId}`}
      sx={{ width: 120, border: 1, borderColor: 'divider' }}
    />
  ) : (
    <Box sx={{ width: 120, height: 90, bgcolor: 'action.hover' }} />
  );
}

export function VisitPhotos({ visitId, photoIds }: { visitId: number; photoIds: number[] }) {
  if (photoIds.length === 0) return <Typography variant="body2">No photos.</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {photoIds.map((id) => (
        <Thumb key={id} visitId={visitId} fileId={id} />
      ))}
    </Box>
  );
}
