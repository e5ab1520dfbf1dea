import { type StoreUploadResult, storesEndpoints } from '@app/contract/stores';
import { SpreadsheetUploadDialog } from '../../components/SpreadsheetUploadDialog';

/** Stores from one spreadsheet: a known code updates its store, a new code adds one. */
export function StoresUploadDialog({ onClose }: { onClose: () => void }) {
  return (
    <SpreadsheetUploadDialog<StoreUploadResult>
      title="Upload stores"
      help="One row per store, as in the template. A row whose code is already a store updates it; a new code adds a store. Coordinates must lie in India."
      endpoints={storesEndpoints.upload}
      template={{ fileName: 'stores-template.xlsx' }}
      errorReport={{ fileName: 'stores-upload-errors.xlsx' }}
      label="Stores spreadsheet"
      done={(a) => `Stores added: ${a.created}, updated: ${a.updated}, rejected rows: ${a.rowsRejected}`}
      onClose={onClose}
    />
  );
}
