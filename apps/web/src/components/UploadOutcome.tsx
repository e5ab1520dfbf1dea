import type { UploadResult } from '@app/contract/uploads';
import { Alert, Box, Button, Stack } from '@mui/material';
import { downloadFile } from './download';
import { UploadErrors } from './UploadErrors';

/**
 * What became of an upload with errors: how many rows are valid, the first errors, and the whole
 * list of bad rows to download, fix and upload again (the upload's `…/upload/errors/:id` route).
 */
export function UploadOutcome(props: { result: UploadResult; errorsPath: string; fileName: string }) {
  const { result, errorsPath, fileName } = props;
  if (result.errorsTotal === 0) return null;
  const applied =
    result.rowsApplied > 0
      ? `${result.rowsApplied} of ${result.rowsTotal} rows were applied; the others were left out.`
      : `Nothing was applied: ${result.rowsValid} of ${result.rowsTotal} rows are valid.`;
  return (
    <Stack spacing={2}>
      <Alert severity={result.rowsApplied > 0 ? 'warning' : 'error'}>
        The file has errors. {applied}
        {result.errorsTotal > result.errors.length &&
          ` The first ${result.errors.length} of ${result.errorsTotal} errors are shown; the report has them all.`}
      </Alert>
      <UploadErrors errors={result.errors} />
      {result.errorReportId && (
        <Box>
          <Button
            variant="outlined"
            onClick={() => downloadFile(`${errorsPath}/${result.errorReportId}`, fileName)}
          >
            Download error report
          </Button>
        </Box>
      )}
    </Stack>
  );
}
