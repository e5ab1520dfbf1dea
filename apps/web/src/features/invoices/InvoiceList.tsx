import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Datagrid,
  FilterButton,
  List,
  SearchInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { DayInput } from '../../components/DayInput';
import { CountField, DateTimeField, DayField } from '../../components/fields';
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
    <List
      resource={INVOICES_RESOURCE}
      title={false}
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      actions={
        <TopToolbar>
          <FilterButton />
          <Button label="New invoice" component={Link} to={invoicePaths.create}>
            <AddIcon />
          </Button>
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<InvoiceLines />}>
        <TextField source="number" label="Invoice" />
        <DayField source="invoiceDate" label="Date" />
        <TextField source="distributorCode" label="Distributor code" sortable={false} />
        <TextField source="distributorName" label="Distributor" sortable={false} />
        <TextField source="state" sortable={false} />
        <TextField source="city" sortable={false} />
        <CountField source="lines" sortable={false} />
        <CountField source="quantity" sortable={false} />
        <CountField source="allocated" sortable={false} />
        <TextField source="uploadId" label="Upload" sortable={false} emptyText="Form" />
        <DateTimeField source="createdAt" label="Created" sortable={false} />
      </Datagrid>
    </List>
  );
}
