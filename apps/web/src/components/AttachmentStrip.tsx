import { Stack, type SxProps, Typography } from '@mui/material';
import { ProtectedImage } from './ProtectedImage';

/** A stored file a record holds, as its detail lists it. */
export interface AttachedFile {
  fileId: number;
  hasThumbnail: boolean;
}

/**
 * The files a record holds, side by side: thumbnails of images, a download link for the rest
 * (PDFs). Each file is served by the record's own route (`pathOf(fileId)`; its thumbnail under it). Numbered labels
 * ("Photo 1") and download names (`<fileName>-1`) follow the order the record keeps.
 */
export function AttachmentStrip(props: {
  files: readonly AttachedFile[];
  /** The record's route of one file, from its contract endpoint (`endpointPath(e.photo, { id, fileId })`). */
  pathOf: (fileId: number) => string;
  /** What one file is called: "Photo", "Attachment", "Image". */
  label: string;
  /** The download name before its number, e.g. `project-4-photo`. */
  fileName: string;
  /** Shown instead of the strip when there is no file; nothing at all when left out. */
  empty?: string;
  size?: number;
  sx?: SxProps;
}) {
  const { files, pathOf, label, fileName } = props;
  if (files.length === 0) return props.empty ? <Typography>{props.empty}</Typography> : null;
  return (
    <Stack
      direction="row"
      spacing={2}
      data-testid="attachment-strip"
      sx={{ flexWrap: 'wrap', rowGap: 2, ...props.sx }}
    >
      {files.map((file, i) => (
        <ProtectedImage
          key={file.fileId}
          path={pathOf(file.fileId)}
          hasThumbnail={file.hasThumbnail}
          label={`${label} ${i + 1}`}
          fileName={`${fileName}-${i + 1}`}
          size={props.size}
        />
      ))}
    </Stack>
  );
}
