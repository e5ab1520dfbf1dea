import UploadIcon from '@mui/icons-material/Upload';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { type InputProps, type RaRecord, useInput, useRecordContext } from 'react-admin';
import { ApiError, uploadFile } from '../../app/api';
import { AuthImage } from '../../components/AuthImage';

export async function uploadContentFile(file: File, purpose: 'content_image' | 'content_document') {
  return (await uploadFile(file, purpose)).id;
}

/**
 * A file field of a content form: uploads the chosen file (checked by content on the server) and
 * keeps its id. `current` is the route serving the stored file (its thumbnail for an image).
 */
export function FileInput(
  props: InputProps & {
    label: string;
    purpose?: 'content_image' | 'content_document';
    /** The route of the record's stored file, shown until another is uploaded. */
    current?: (record: RaRecord) => string | null;
  },
) {
  const { field, fieldState } = useInput(props);
  const purpose = props.purpose ?? 'content_image';
  const [picked, setPicked] = useState<{ name: string; preview: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const record = useRecordContext();
  const stored =
    record && field.value && !picked && purpose === 'content_image'
      ? (props.current?.(record) ?? null)
      : null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {picked?.preview && (
          <img
            src={picked.preview}
            alt=""
            width={64}
            height={64}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        )}
        {stored && <AuthImage path={stored} alt={props.label} />}
        <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={busy}>
          {busy ? 'Uploading…' : field.value ? 'Replace' : 'Upload'}
          <input
            hidden
            type="file"
            aria-label={props.label}
            accept={purpose === 'content_image' ? 'image/png,image/jpeg,image/webp' : 'application/pdf'}
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setBusy(true);
              setError(null);
              try {
                const id = await uploadContentFile(file, purpose);
                setPicked({
                  name: file.name,
                  preview: purpose === 'content_image' ? URL.createObjectURL(file) : null,
                });
                field.onChange(id);
              } catch (err) {
                setError(
                  err instanceof ApiError
                    ? (Object.values(err.fields ?? {})[0] ?? err.message)
                    : 'Upload failed',
                );
              } finally {
                setBusy(false);
              }
            }}
          />
        </Button>
        {picked && <Typography variant="body2">{picked.name}</Typography>}
      </Stack>
      {(error || fieldState.error) && (
        <FormHelperText error>{error ?? fieldState.error?.message}</FormHelperText>
      )}
    </Stack>
  );
}
