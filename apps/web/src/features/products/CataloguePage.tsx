import { Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { ProductCreate, ProductEdit } from './ProductForms';
import { ProductList } from './ProductList';
import { productPaths } from './product-paths';
import { RewardCreate, RewardEdit } from './RewardForms';
import { RewardList } from './RewardList';

/** Manage Catalogue: Products (SKUs) and Rewards as tabs. */
export default function CataloguePage() {
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={<WithTabs view={<ProductList />} />} />
        <Route path="rewards" element={<WithTabs view={<RewardList />} />} />
        <Route path="rewards/create" element={<RewardCreate />} />
        <Route path="rewards/:id/edit" element={<RewardEdit />} />
        <Route path="create" element={<ProductCreate />} />
        <Route path=":id/edit" element={<ProductEdit />} />
      </Routes>
    </ServerFieldErrors>
  );
}

function WithTabs({ view }: { view: ReactNode }) {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '').endsWith('/rewards')
    ? productPaths.rewards
    : productPaths.list;
  return (
    <>
      <Typography variant="h5" component="h1">
        Manage Catalogue
      </Typography>
      <Tabs value={current} sx={{ mb: 1 }}>
        <Tab label="Products" value={productPaths.list} component={Link} to={productPaths.list} />
        <Tab label="Rewards" value={productPaths.rewards} component={Link} to={productPaths.rewards} />
      </Tabs>
      {view}
    </>
  );
}
