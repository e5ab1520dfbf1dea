import { Route, Routes } from 'react-router-dom';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { BdeCreate } from './BdeCreate';
import { BdeList } from './BdeList';
import { BdeShow } from './BdeShow';

/** BDE Management: BDEs with territory and target; one BDE's page with its members and password. */
export default function BdePage() {
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={<BdeList />} />
        <Route path="create" element={<BdeCreate />} />
        <Route path=":id" element={<BdeShow />} />
      </Routes>
    </ServerFieldErrors>
  );
}
