import { Route, Routes } from 'react-router-dom';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { EmployeeCreate, EmployeeEdit } from './EmployeeForms';
import { EmployeeList } from './EmployeeList';

/** Employee Management: the list (search, filters, export, import), create and edit beneath. */
export default function EmployeePage() {
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={<EmployeeList />} />
        <Route path="create" element={<EmployeeCreate />} />
        <Route path=":id/edit" element={<EmployeeEdit />} />
      </Routes>
    </ServerFieldErrors>
  );
}
