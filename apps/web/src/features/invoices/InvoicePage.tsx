import { Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { DistributorCreate, DistributorEdit, DistributorList } from './Distributors';
import { InvoiceCreate } from './InvoiceCreate';
import { InvoiceList } from './InvoiceList';
import { InvoiceUpload } from './InvoiceUpload';
import { invoicePaths } from './invoice-paths';

/** Invoice: invoices, spreadsheet upload and distributors as tabs; forms beneath. */
export default function InvoicePage() {
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={<WithTabs view={<InvoiceList />} />} />
        <Route path="upload" element={<WithTabs view={<InvoiceUpload />} />} />
        <Route path="distributors" element={<WithTabs view={<DistributorList />} />} />
        <Route path="create" element={<InvoiceCreate />} />
        <Route path="distributors/create" element={<DistributorCreate />} />
        <Route path="distributors/:id" element={<DistributorEdit />} />
      </Routes>
    </ServerFieldErrors>
  );
}

const TABS = [
  { label: 'Invoices', path: invoicePaths.list },
  { label: 'Upload', path: invoicePaths.upload },
  { label: 'Distributors', path: invoicePaths.distributors },
];

function WithTabs({ view }: { view: ReactNode }) {
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, '');
  const current =
    TABS.find((t) => t.path !== invoicePaths.list && here.endsWith(t.path))?.path ?? invoicePaths.list;
  return (
    <>
      <Typography variant="h5" component="h1">
        Invoice
      </Typography>
      <Tabs value={current} sx={{ mb: 1 }}>
        {TABS.map((t) => (
          <Tab key={t.path} label={t.label} value={t.path} component={Link} to={t.path} />
        ))}
      </Tabs>
      {view}
    </>
  );
}
