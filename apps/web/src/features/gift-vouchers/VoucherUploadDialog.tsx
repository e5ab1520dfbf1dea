import { giftVouchersEndpoints, type VoucherUploadResult } from '@app/contract/gift-vouchers';
import { SpreadsheetUploadDialog } from '../../components/SpreadsheetUploadDialog';

/** A supplier's voucher codes from one spreadsheet (a duplicate, in the file or against stock, names its row). */
export function VoucherUploadDialog({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  return (
    <SpreadsheetUploadDialog<VoucherUploadResult>
      title="Upload gift vouchers"
      help="One row per voucher: Brand, Denomination (₹), Code, PIN (optional) and Expiry. A code may appear once per brand."
      endpoints={giftVouchersEndpoints.upload}
      template={{ fileName: 'gift-vouchers-template.xlsx' }}
      errorReport={{ fileName: 'gift-voucher-upload-errors.xlsx' }}
      label="Gift voucher spreadsheet"
      verb="added"
      done={(a) => `Vouchers added: ${a.rowsApplied}, rejected: ${a.rowsRejected}`}
      onClose={onClose}
      onApplied={onApplied}
    />
  );
}
