import { COUPON_STATUSES, formatCode } from '@app/contract/coupons';
import type { InvoiceDetail } from '@app/contract/invoices';
import { Button as MuiButton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { api } from '../../app/api';
import { CountField, DateTimeField, DayField } from '../../components/fields';
import { StatusChip } from './StatusChip';

const PAGE = '/dashboard/invoice-wise-coupon';

function InvoicePicker() {
  return (
    <List
      resource="admin/invoice-wise-coupons"
      title={false}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Invoice number or distributor" />]}
      sort={{ field: 'id', order: 'DESC' }}
    >
      <Datagrid bulkActionButtons={false} rowClick={(id) => `${PAGE}/${id}`}>
        <TextField source="number" label="Invoice" />
        <DayField source="invoiceDate" label="Date" />
        <TextField source="distributorName" label="Distributor" sortable={false} />
        <CountField source="quantity" sortable={false} />
        <CountField source="allocated" sortable={false} />
      </Datagrid>
    </List>
  );
}

function InvoiceCoupons() {
  const { id } = useParams();
  const [invoice, setInvoice] = useState<InvoiceDetail | null>(null);
  useEffect(() => {
    api<InvoiceDetail>(`/admin/invoice-wise-coupons/${id}`).then(setInvoice, () => setInvoice(null));
  }, [id]);
  const statuses = COUPON_STATUSES.filter((s) => s !== 'generated' && s !== 'printed').map((s) => ({
    id: s,
    name: s,
  }));
  return (
    <>
      <MuiButton component={Link} to={PAGE} size="small">
        ← All invoices
      </MuiButton>
      {invoice && (
        <Typography sx={{ my: 1 }}>
          Invoice <b>{invoice.number}</b> of {invoice.invoiceDate} · {invoice.distributorCode} —{' '}
          {invoice.distributorName} ({invoice.city}, {invoice.state}) · {invoice.allocated} of{' '}
          {invoice.quantity} allocated
        </Typography>
      )}
      <List
        resource={`admin/invoice-wise-coupons/${id}/coupons`}
        title={false}
        filters={[<SelectInput key="status" source="status" choices={statuses} alwaysOn />]}
        sort={{ field: 'serial', order: 'ASC' }}
        disableSyncWithLocation
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="serial" />
          <FunctionField label="Code" render={(r: { code: string }) => formatCode(r.code)} />
          <TextField source="sku" label="SKU" sortable={false} />
          <StatusChip label="Status" />
          <TextField source="scannedBy" label="Scanned by" sortable={false} emptyText="—" />
          <DateTimeField source="scannedAt" label="When" sortable={false} emptyText="—" />
          <CountField source="points" sortable={false} emptyText="—" />
        </Datagrid>
      </List>
    </>
  );
}

/** Invoice Wise Coupon Details: pick an invoice, see each of its coupons. */
export default function InvoiceWiseCouponPage() {
  return (
    <>
      <Typography variant="h5" component="h1">
        Invoice Wise Coupon Details
      </Typography>
      <Routes>
        <Route index element={<InvoicePicker />} />
        <Route path=":id" element={<InvoiceCoupons />} />
      </Routes>
    </>
  );
}
