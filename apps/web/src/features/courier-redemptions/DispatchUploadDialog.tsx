import { courierEndpoints, type DispatchUploadResult } from '@app/contract/courier-redemptions';
import { SpreadsheetUploadDialog } from '../../components/SpreadsheetUploadDialog';

/** Many dispatches from one spreadsheet (Redemption, Courier company, AWB, Dispatch date). */
export function DispatchUploadDialog({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  return (
    <SpreadsheetUploadDialog<DispatchUploadResult>
      title="Upload dispatches"
      help="One row per approved gift: Redemption number, Courier company, AWB and Dispatch date."
      endpoints={courierEndpoints.upload}
      template={{ fileName: 'dispatch-template.xlsx' }}
      errorReport={{ fileName: 'dispatch-upload-errors.xlsx' }}
      label="Dispatch spreadsheet"
      verb="dispatched"
      done={(a) => `Dispatched: ${a.rowsApplied}, rejected: ${a.rowsRejected}`}
      onClose={onClose}
      onApplied={onApplied}
    />
  );
}
