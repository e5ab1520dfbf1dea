import { PRINT_LAYOUT_LABELS, PRINT_MESSAGES } from '@app/contract/coupon-prints';
import { Typography } from '@mui/material';
import {
  Create,
  maxValue,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  useNotify,
  useRefresh,
} from 'react-admin';
import { KeepFormDraft } from '../../app/form-drafts';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { useBatchChoices } from '../../components/use-options';
import { PRINTS_RESOURCE, PrintList } from './PrintList';

const layouts = Object.entries(PRINT_LAYOUT_LABELS).map(([id, name]) => ({ id, name }));

/** Punch History: print a batch or serial range as A4 sheets or thermal labels; every print is kept. */
export default function PunchHistoryPage() {
  const batches = useBatchChoices();
  const notify = useNotify();
  const refresh = useRefresh();
  const onSuccess = () => {
    notify('Print queued: the file appears below when rendered', { type: 'success' });
    refresh();
  };
  return (
    <ServerFieldErrors>
      <Typography variant="h5" component="h1">
        Punch History
      </Typography>
      <Create
        resource={PRINTS_RESOURCE}
        title={false}
        redirect={false}
        mutationOptions={{ onSuccess }}
        transform={(d) => ({
          ...d,
          batchId: d.batchId || null,
          fromSerial: d.fromSerial ?? null,
          toSerial: d.toSerial ?? null,
        })}
      >
        <SimpleForm
          sx={{ maxWidth: 640 }}
          defaultValues={{ layout: 'a4', copies: 1 }}
          toolbar={
            <Toolbar>
              <SaveButton label="Print" alwaysEnable />
            </Toolbar>
          }
        >
          <KeepFormDraft id="punch-create" />
          <SelectInput
            source="batchId"
            label="Batch"
            choices={batches}
            emptyText="Any batch (serial range)"
            fullWidth
            helperText="Whole batch, or a range inside it"
          />
          <NumberInput
            source="fromSerial"
            label="From serial"
            helperText="Leave empty to print the whole batch"
          />
          <NumberInput source="toSerial" label="To serial" />
          <RadioButtonGroupInput
            source="layout"
            choices={layouts}
            validate={required(PRINT_MESSAGES.layoutRequired)}
          />
          <NumberInput
            source="copies"
            validate={[minValue(1, PRINT_MESSAGES.copies), maxValue(5, PRINT_MESSAGES.copies)]}
          />
        </SimpleForm>
      </Create>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Prints
      </Typography>
      <PrintList />
    </ServerFieldErrors>
  );
}
