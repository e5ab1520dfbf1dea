import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Datagrid,
  DateField,
  DateInput,
  FilterButton,
  List,
  NumberField,
  SearchInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { IstDateField } from '../../components/IstDateField';
import { InvoiceLines } from './InvoiceLines';
import { INVOICES_RESOURCE, invoicePaths } from './invoice-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Invoice number or distributor" />,
  <TextInput key="state" source="state" />,
  <DateInput key="dateFrom" source="dateFrom" label="Invoice date from" />,
  <DateInput key="dateTo" source="dateTo" label="Invoice date to" />,
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
        <DateField source="invoiceDate" label="Date" />
        <TextField source="distributorCode" label="Distributor code" sortable={false} />
        <TextField source="distributorName" label="Distributor" sortable={false} />
        <TextField source="state" sortable={false} />
        <TextField source="city" sortable={false} />
        <NumberField source="lines" sortable={false} />
        <NumberField source="quantity" sortable={false} />
        <NumberField source="allocated" sortable={false} />
        <TextField source="uploadId" label="Upload" sortable={false} emptyText="Form" />
        <IstDateField source="createdAt" label="Created" sortable={false} />
      </Datagrid>
    </List>
  );
}
