import { invoiceWiseCouponsEndpoints } from '@app/contract/coupon-stock';
import { COUPON_STATUSES, formatCode } from '@app/contract/coupons';
import { resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime, formatDay } from '@app/contract/format';
import type { InvoiceDetail } from '@app/contract/invoices';
import { Button as MuiButton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { call } from '../../app/api';
import { CountField, DateTimeField, DayField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';

const PAGE = '/dashboard/invoice-wise-coupon';

function InvoicePicker() {
  return (
    <ListPage
      title={false}
      resource={resourceOf(invoiceWiseCouponsEndpoints.list)}
      exportName="invoice-wise-coupons"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Invoice number or distributor" />]}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No invoices yet. Invoices with coupons allocated appear here."
      rowClick={(id) => `${PAGE}/${id}`}
      compact={{
        primary: (r) => `${r.number} · ${formatDay(r.invoiceDate)}`,
        secondary: (r) => String(r.distributorName ?? ''),
        tertiary: (r) => `${formatCount(r.allocated)} of ${formatCount(r.quantity)} allocated`,
      }}
      columns={[
        <TextField key="num" source="number" label="Invoice" />,
        <DayField key="date" source="invoiceDate" label="Date" />,
        <TextField key="dist" source="distributorName" label="Distributor" sortable={false} />,
        <CountField key="qty" source="quantity" sortable={false} />,
        <CountField key="alloc" source="allocated" sortable={false} />,
      ]}
    />
  );
}

interface CouponOfInvoice {
  id: number;
  serial: number;
  code: string;
  sku: string;
  status: string;
  scannedBy: string | null;
  scannedAt: string | null;
}

function InvoiceCoupons() {
  const { id } = useParams();
  const [invoice, setInvoice] = useState<InvoiceDetail | null>(null);
  useEffect(() => {
    call(invoiceWiseCouponsEndpoints.one, { params: { id: id! } }).then(setInvoice, () => setInvoice(null));
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
          Invoice <b>{invoice.number}</b> of {formatDay(invoice.invoiceDate)} · {invoice.distributorCode} —{' '}
          {invoice.distributorName} ({invoice.city}, {invoice.state}) · {formatCount(invoice.allocated)} of{' '}
          {formatCount(invoice.quantity)} allocated
        </Typography>
      )}
      <ListPage<CouponOfInvoice>
        title={false}
        resource={resourceOf(invoiceWiseCouponsEndpoints.coupons.list, { id: id! })}
        exportName={`invoice-${invoice?.number ?? id}-coupons`}
        filters={[<SelectInput key="status" source="status" choices={statuses} alwaysOn />]}
        sort={{ field: 'serial', order: 'ASC' }}
        disableSyncWithLocation
        storeKey={`invoice-coupons-${id}`}
        empty="No coupons allocated to this invoice yet."
        compact={{
          primary: (r) => `${r.serial} · ${formatCode(r.code)}`,
          secondary: (r) => `${r.sku} · ${r.status}`,
          tertiary: (r) => (r.scannedAt ? `${r.scannedBy ?? ''} · ${formatDateTime(r.scannedAt)}` : ''),
        }}
        columns={[
          <TextField key="serial" source="serial" />,
          <FunctionField key="code" label="Code" render={(r: { code: string }) => formatCode(r.code)} />,
          <TextField key="sku" source="sku" label="SKU" sortable={false} />,
          <StatusChip key="status" label="Status" />,
          <TextField key="by" source="scannedBy" label="Scanned by" sortable={false} emptyText="—" />,
          <DateTimeField key="at" source="scannedAt" label="When" sortable={false} emptyText="—" />,
          <CountField key="pts" source="points" sortable={false} emptyText="—" />,
        ]}
      />
    </>
  );
}

/** Invoice Wise Coupon Details: pick an invoice, see each of its coupons. */
export default function InvoiceWiseCouponPage() {
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle(PAGE)}
      </Typography>
      <Routes>
        <Route index element={<InvoicePicker />} />
        <Route path=":id" element={<InvoiceCoupons />} />
      </Routes>
    </>
  );
}
