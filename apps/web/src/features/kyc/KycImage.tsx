import { type KycDocument, kycEndpoints } from '@app/contract/kyc';
import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { callBlob } from '../../app/api';

/**
 * A document of a submission, fetched with the signed-in token and shown from a blob: URL (the
 * server serves it as an attachment; the page never links to it directly). PDFs open in a new tab.
 */
export function KycImage({
  submissionId,
  doc,
  label,
}: {
  submissionId: number;
  doc: KycDocument;
  label: string;
}) {
  const [blob, setBlob] = useState<{ url: string; type: string }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    callBlob(kycEndpoints.document, { params: { id: submissionId, doc } })
      .then((b) => {
        url = URL.createObjectURL(b);
        setBlob({ url, type: b.type });
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [submissionId, doc]);
  return (
    <Box sx={{ width: 240 }}>
      <Typography variant="caption">{label}</Typography>
      {error && <Typography color="error">{error}</Typography>}
      {blob &&
        (blob.type === 'application/pdf' ? (
          <Link href={blob.url} target="_blank" rel="noopener">
            Open PDF
          </Link>
        ) : (
          <Box
            component="img"
            src={blob.url}
            alt={label}
            sx={{ width: '100%', border: 1, borderColor: 'divider' }}
          />
        ))}
    </Box>
  );
}
