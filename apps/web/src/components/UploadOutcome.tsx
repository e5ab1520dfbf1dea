import type { Endpoint } from '@app/contract/endpoint';
import type { UploadResult } from '@app/contract/uploads';
import { Alert, Box, Button, Stack } from '@mui/material';
import { downloadFile, downloadFrom } from './download';
import { UploadErrors } from './UploadErrors';

export interface UploadOutcomeProps {
  result: UploadResult;
  /** The upload's error report: its contract endpoint (`:id` is the report), or a path without the id. */
  errors: (Endpoint & { file: true }) | string;
  /** The report's file name. */
  fileName: string;
  /** What applying a row does, in the past tense: "applied", "added", "dispatched". */
  verb?: string;
}

/**
 * What became of an upload with errors: how many rows are valid, the first errors, and the whole
 * list of bad rows to download, fix and upload again.
 */
export function UploadOutcome({ result, errors, fileName, verb = 'applied' }: UploadOutcomeProps) {
  if (result.errorsTotal === 0) return null;
  const applied =
    result.rowsApplied > 0
      ? `${result.rowsApplied} of ${result.rowsTotal} rows were ${verb}; the others were left out.`
      : `nothing was ${verb}. ${result.rowsValid} of ${result.rowsTotal} rows are valid.`;
  return (
    <Stack spacing={2}>
      <Alert severity={result.rowsApplied > 0 ? 'warning' : 'error'}>
        The file has errors: {applied}
        {result.errorsTotal > result.errors.length &&
          ` The first ${result.errors.length} of ${result.errorsTotal} errors are shown; the report has them all.`}
      </Alert>
      <UploadErrors errors={result.errors} />
      {result.errorReportId && (
        <Box>
          <Button
            variant="outlined"
            onClick={() =>
              typeof errors === 'string'
                ? downloadFile(`${errors}/${result.errorReportId}`, fileName)
                : downloadFrom(errors, fileName, { id: result.errorReportId! })
            }
          >
            Download error report
          </Button>
        </Box>
      )}
    </Stack>
  );
}
