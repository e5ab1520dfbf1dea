import { Route, Routes } from 'react-router-dom';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { RoleCreate } from './RoleCreate';
import { RoleEdit } from './RoleEdit';
import { RoleList } from './RoleList';
import { RoleShow } from './RoleShow';

/** User Roles: list, create, show (details, pages, history), edit. */
export default function RolesPage() {
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={<RoleList />} />
        <Route path="create" element={<RoleCreate />} />
        <Route path=":id" element={<RoleShow />} />
        <Route path=":id/edit" element={<RoleEdit />} />
      </Routes>
    </ServerFieldErrors>
  );
}
