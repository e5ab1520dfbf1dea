import { BATCH_MESSAGES, MAX_BATCH_QUANTITY } from '@app/contract/coupon-batches';
import { formatCount } from '@app/contract/format';
import { Typography } from '@mui/material';
import { useState } from 'react';
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
import { clearFormDraft, KeepFormDraft } from '../../app/form-drafts';
import { DayInput } from '../../components/DayInput';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { productChoices, useProductOptions } from '../../components/use-options';
import { BATCHES_RESOURCE, BatchList } from './BatchList';
import type { GenerateRequest } from './GenerateConfirmDialog';
import { GenerateConfirmSave } from './GenerateConfirmSave';

const DRAFT = 'generate-coupon';

/** Generate QR Code: a batch for one SKU, generated in the background with a progress bar. */
export default function GenerateCouponPage() {
  const products = useProductOptions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [request, setRequest] = useState<GenerateRequest | null>(null);
  const onCreated = () => {
    clearFormDraft(DRAFT);
    notify('Batch created: its codes are being generated', { type: 'success' });
    refresh();
  };
  return (
    <ServerFieldErrors>
      <Typography variant="h5" component="h1">
        Generate QR Code
      </Typography>
      <Create resource={BATCHES_RESOURCE} title={false} redirect={false}>
        <SimpleForm
          sx={{ maxWidth: 640 }}
          onSubmit={(values: Record<string, unknown>) => setRequest(values as unknown as GenerateRequest)}
          toolbar={
            <Toolbar>
              <SaveButton label="Generate" alwaysEnable />
            </Toolbar>
          }
        >
          <KeepFormDraft id={DRAFT} />
          <GenerateConfirmSave
            request={request}
            products={products}
            onClose={() => setRequest(null)}
            onCreated={onCreated}
          />
          <SelectInput
            source="productId"
            label="SKU"
            choices={productChoices(products)}
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
