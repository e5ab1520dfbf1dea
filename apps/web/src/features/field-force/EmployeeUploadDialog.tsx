import { type EmployeeUploadResult, employeesEndpoints } from '@app/contract/employees';
import { SpreadsheetUploadDialog } from '../../components/SpreadsheetUploadDialog';

/** Employees from one spreadsheet (managers may be rows of the same file). */
export function EmployeeUploadDialog({ onClose }: { onClose: () => void }) {
  return (
    <SpreadsheetUploadDialog<EmployeeUploadResult>
      title="Import employees"
      help="One row per new employee: code, name, mobile, email, designation, department, state/zone and the manager’s code (saved, or another row of this file)."
      endpoints={employeesEndpoints.upload}
      template={{ fileName: 'employees-template.xlsx' }}
      errorReport={{ fileName: 'employee-upload-errors.xlsx' }}
      label="Employees spreadsheet"
      done={(a) => `Employees added: ${a.rowsApplied}, rejected: ${a.rowsRejected}`}
      onClose={onClose}
    />
  );
}
