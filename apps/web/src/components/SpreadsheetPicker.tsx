import { Button, Stack, Typography } from '@mui/material';

/** The first step of a spreadsheet upload: get the template, then choose the filled-in .xlsx. */
export function SpreadsheetPicker({
  file,
  onFile,
  onTemplate,
  label,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  onTemplate: () => void;
  /** The accessible name of the file input, e.g. "Invoice spreadsheet". */
  label: string;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <Button variant="outlined" onClick={onTemplate}>
        Download template
      </Button>
      <Button variant="outlined" component="label">
        Choose file
        <input
          hidden
          type="file"
          accept=".xlsx"
          aria-label={label}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2">{file?.name ?? 'No file chosen'}</Typography>
    </Stack>
  );
}
