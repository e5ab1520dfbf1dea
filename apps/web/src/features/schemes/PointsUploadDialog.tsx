import { type PointsUploadResult, schemePointsEndpoints } from '@app/contract/scheme-points';
import { SpreadsheetUploadDialog } from '../../components/SpreadsheetUploadDialog';

/** Many SKUs' points changes from one spreadsheet, each row as the single-change form would make it. */
export function PointsUploadDialog({ onClose }: { onClose: () => void }) {
  return (
    <SpreadsheetUploadDialog<PointsUploadResult>
      title="Upload scheme points"
      help="One row per change: SKU, Points, Effective from (today or later) and Reason."
      endpoints={schemePointsEndpoints.upload}
      template={{ fileName: 'scheme-points-template.xlsx' }}
      errorReport={{ fileName: 'scheme-points-upload-errors.xlsx' }}
      label="Scheme points spreadsheet"
      done={(a) => `Points changes applied: ${a.rowsApplied}, rejected: ${a.rowsRejected}`}
      onClose={onClose}
    />
  );
}
