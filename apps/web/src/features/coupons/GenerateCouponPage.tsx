import { BATCH_MESSAGES, MAX_BATCH_QUANTITY } from '@app/contract/coupon-batches';
import { formatCount } from '@app/contract/format';
import { Typography } from '@mui/material';
import {
  Create,
  maxValue,
  minValue,
  NumberInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRefresh,
} from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { useProductChoices } from '../../components/use-options';
import { BATCHES_RESOURCE, BatchList } from './BatchList';

/** Generate QR Code: a batch for one SKU, generated in the background with a progress bar. */
export default function GenerateCouponPage() {
  const products = useProductChoices();
  const notify = useNotify();
  const refresh = useRefresh();
  const onSuccess = () => {
    notify('Batch created: its codes are being generated', { type: 'success' });
    refresh();
  };
  return (
    <ServerFieldErrors>
      <Typography variant="h5" component="h1">
        Generate QR Code
      </Typography>
      <Create resource={BATCHES_RESOURCE} title={false} redirect={false} mutationOptions={{ onSuccess }}>
        <SimpleForm
          sx={{ maxWidth: 640 }}
          toolbar={
            <Toolbar>
              <SaveButton label="Generate" alwaysEnable />
            </Toolbar>
          }
        >
          <SelectInput
            source="productId"
            label="SKU"
            choices={products}
            validate={required(BATCH_MESSAGES.productRequired)}
            fullWidth
          />
          <NumberInput
            source="quantity"
            validate={[
              required(BATCH_MESSAGES.quantityRequired),
              minValue(1, BATCH_MESSAGES.quantityRange),
              maxValue(MAX_BATCH_QUANTITY, BATCH_MESSAGES.quantityRange),
            ]}
            helperText={`1 to ${formatCount(MAX_BATCH_QUANTITY)} codes`}
          />
          <DayInput
            source="expiresOn"
            label="Expiry date"
            validate={required(BATCH_MESSAGES.expiryRequired)}
          />
          <TextInput source="note" multiline fullWidth />
        </SimpleForm>
      </Create>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Batches
      </Typography>
      <BatchList />
    </ServerFieldErrors>
  );
}
