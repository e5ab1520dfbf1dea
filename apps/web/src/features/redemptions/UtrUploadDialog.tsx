import { redemptionsEndpoints, type UtrUploadResult } from '@app/contract/redemptions';
import { SpreadsheetUploadDialog } from '../../components/SpreadsheetUploadDialog';

/** Many approved cash redemptions marked paid from one spreadsheet (Redemption, UTR). */
export function UtrUploadDialog({ onClose }: { onClose: () => void }) {
  return (
    <SpreadsheetUploadDialog<UtrUploadResult>
      title="Upload UTRs (cash paid)"
      help="One row per approved cash redemption the bank has paid: Redemption (its number) and UTR. Redemptions you approved yourself are refused: a second person pays."
      endpoints={redemptionsEndpoints.utr}
      template={{ fileName: 'utr-upload-template.xlsx' }}
      errorReport={{ fileName: 'utr-upload-errors.xlsx' }}
      label="UTR spreadsheet"
      done={(a) => `Marked paid: ${a.rowsApplied}, rejected: ${a.rowsRejected}`}
      onClose={onClose}
    />
  );
}
