import { formatCount, formatDay } from '@app/contract/format';
import AddIcon from '@mui/icons-material/Add';
import { SearchInput, TextField, TextInput } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { DayInput } from '../../components/DayInput';
import { CountField, DateTimeField, DayField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { InvoiceLines } from './InvoiceLines';
import { INVOICES_RESOURCE, invoicePaths } from './invoice-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Invoice number or distributor" />,
  <TextInput key="state" source="state" />,
  <DayInput key="dateFrom" source="dateFrom" label="Invoice date from" />,
  <DayInput key="dateTo" source="dateTo" label="Invoice date to" />,
];

/** Invoices to distributors; expand a row for its lines. */
export function InvoiceList() {
  return (
    <ListPage
      title={false}
      resource={INVOICES_RESOURCE}
      exportName="invoices"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No invoices yet. Create one or upload a spreadsheet of invoices."
      rowClick="expand"
      expand={<InvoiceLines />}
      actions={
        <ActionButton
          permission="invoices.create"
          label="New invoice"
          component={Link}
          to={invoicePaths.create}
        >
          <AddIcon />
        </ActionButton>
      }
      compact={{
        primary: (r) => `${r.number} · ${formatDay(r.invoiceDate)}`,
        secondary: (r) => `${r.distributorName} (${r.distributorCode}) · ${r.city}, ${r.state}`,
        tertiary: (r) =>
          `${formatCount(r.lines)} lines · ${formatCount(r.quantity)} coupons · ${formatCount(r.allocated)} allocated`,
      }}
      columns={[
        <TextField key="num" source="number" label="Invoice" />,
        <DayField key="date" source="invoiceDate" label="Date" />,
        <TextField key="dcode" source="distributorCode" label="Distributor code" sortable={false} />,
        <TextField key="dname" source="distributorName" label="Distributor" sortable={false} />,
        <TextField key="state" source="state" sortable={false} />,
        <TextField key="city" source="city" sortable={false} />,
        <CountField key="lines" source="lines" sortable={false} />,
        <CountField key="qty" source="quantity" sortable={false} />,
        <CountField key="alloc" source="allocated" sortable={false} />,
        <TextField key="up" source="uploadId" label="Upload" sortable={false} emptyText="Form" />,
        <DateTimeField key="at" source="createdAt" label="Created" sortable={false} />,
      ]}
    />
  );
}
