import CloseIcon from '@mui/icons-material/Close';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { type InputProps, useInput } from 'react-admin';
import { ApiError } from '../../app/api';
import { AuthImage } from '../../components/AuthImage';
import { uploadContentFile } from './FileInput';

/**
 * A list of images of a content form (an event's photos): each chosen file is uploaded (checked by
 * content on the server) and its id added; a stored image shows through `thumbnail`, the record's
 * own route, a new one from the picked file. The record claims the ids when saved.
 */
export function ImagesInput(
  props: InputProps & {
    label: string;
    max: number;
    /** The record's route of a stored image's thumbnail. */
    thumbnail: (fileId: number) => string | null;
  },
) {
  const { field, fieldState } = useInput({ ...props, defaultValue: [] });
  const ids: number[] = Array.isArray(field.value) ? field.value : [];
  const [previews, setPreviews] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (files: File[]) => {
    setBusy(true);
    setError(null);
    const added: number[] = [];
    try {
      for (const file of files.slice(0, props.max - ids.length)) {
        const id = await uploadContentFile(file, 'content_image');
        added.push(id);
        setPreviews((p) => ({ ...p, [id]: URL.createObjectURL(file) }));
      }
      if (files.length > props.max - ids.length) setError(`At most ${props.max} images`);
    } catch (err) {
      setError(
        err instanceof ApiError ? (Object.values(err.fields ?? {})[0] ?? err.message) : 'Upload failed',
      );
    } finally {
      if (added.length > 0) field.onChange([...ids, ...added]);
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        {ids.map((id, i) => (
          <Box key={id} sx={{ position: 'relative' }} data-testid="event-image">
            {previews[id] ? (
              <Box
                component="img"
                src={previews[id]}
                alt={`Image ${i + 1}`}
                sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
            ) : (
              <AuthImage path={props.thumbnail(id)} alt={`Image ${i + 1}`} />
            )}
            <IconButton
              size="small"
              aria-label={`Remove image ${i + 1}`}
              onClick={() => field.onChange(ids.filter((x) => x !== id))}
              sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper' }}
            >
              <CloseIcon fontSize="inherit" />
            </IconButton>
          </Box>
        ))}
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={busy || ids.length >= props.max}
        >
          {busy ? 'Uploading…' : 'Upload images'}
          <input
            hidden
            multiple
            type="file"
            aria-label={props.label}
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length > 0) void add(files);
            }}
          />
        </Button>
      </Stack>
      {(error || fieldState.error) && (
        <FormHelperText error>{error ?? fieldState.error?.message}</FormHelperText>
      )}
    </Stack>
  );
}
