import { INVOICE_MESSAGES as M } from '@app/contract/invoices';
import { Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useNotify,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { DayInput } from '../../components/DayInput';
import { useProductChoices } from '../../components/use-options';
import { DISTRIBUTORS_RESOURCE, INVOICES_RESOURCE, invoicePaths } from './invoice-paths';

/** A new invoice by form: distributor, number, date and its lines. */
export function InvoiceCreate() {
  const products = useProductChoices();
  const navigate = useNavigate();
  const notify = useNotify();
  const onSuccess = () => {
    notify('Invoice created', { type: 'success' });
    navigate(invoicePaths.list);
  };
  return (
    <>
      <Typography variant="h5" component="h1">
        New invoice
      </Typography>
      <Create resource={INVOICES_RESOURCE} title={false} redirect={false} mutationOptions={{ onSuccess }}>
        <SimpleForm sx={{ maxWidth: 720 }} defaultValues={{ lines: [{}] }}>
          <KeepFormDraft id="invoice-create" />
          <ReferenceInput
            source="distributorId"
            reference={DISTRIBUTORS_RESOURCE}
            sort={{ field: 'name', order: 'ASC' }}
          >
            <AutocompleteInput
              label="Distributor"
              optionText={(d) => `${d.code} — ${d.name} (${d.city})`}
              filterToQuery={(q) => ({ q })}
              validate={required(M.distributorRequired)}
              fullWidth
            />
          </ReferenceInput>
          <TextInput source="number" label="Invoice number" validate={required(M.numberRequired)} />
          <DayInput source="invoiceDate" label="Invoice date" validate={required(M.dateRequired)} />
          <ArrayInput source="lines" validate={required(M.linesRequired)}>
            <SimpleFormIterator inline disableReordering>
              <SelectInput
                source="productId"
                label="SKU"
                choices={products}
                validate={required(M.productRequired)}
              />
              <NumberInput source="quantity" validate={[required(M.quantity), minValue(1, M.quantity)]} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleForm>
      </Create>
    </>
  );
}
