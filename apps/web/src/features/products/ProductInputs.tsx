import { PRODUCT_MESSAGES } from '@app/contract/products';
import { BooleanInput, maxValue, minValue, NumberInput, required, TextInput } from 'react-admin';

/** Fields of a SKU, shared by create and edit (the SKU code is fixed once created). */
export function ProductInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <TextInput
        source="sku"
        label="SKU code"
        disabled={mode === 'edit'}
        validate={mode === 'create' ? required(PRODUCT_MESSAGES.skuRequired) : undefined}
        helperText={
          mode === 'create' ? 'Letters, digits, - or _; used by invoices and uploads' : 'Cannot be changed'
        }
      />
      <TextInput source="name" validate={required(PRODUCT_MESSAGES.nameRequired)} fullWidth />
      <TextInput source="category" validate={required(PRODUCT_MESSAGES.categoryRequired)} />
      <TextInput
        source="unit"
        validate={required(PRODUCT_MESSAGES.unitRequired)}
        helperText="e.g. sheet, board, door"
      />
      <NumberInput
        source="basePoints"
        label="Points per scan"
        // Shows the points in force (Update Scheme Points included); a change here applies at once.
        helperText="In force now; dated changes are made on Update Scheme Points"
        validate={[
          required(PRODUCT_MESSAGES.pointsRequired),
          minValue(0, PRODUCT_MESSAGES.pointsRange),
          maxValue(100000, PRODUCT_MESSAGES.pointsRange),
        ]}
      />
      <BooleanInput source="active" defaultValue={true} />
    </>
  );
}
