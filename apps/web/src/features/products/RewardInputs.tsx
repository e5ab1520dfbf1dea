import { MEMBER_TYPES } from '@app/contract/members';
import { REWARD_MESSAGES, REWARD_TYPE_LABELS, REWARD_TYPES } from '@app/contract/redemptions';
import { Button as MuiButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  CheckboxGroupInput,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useInput,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ApiError, uploadFile } from '../../app/api';

/** Paise kept, rupees typed: `₹1,499.00` is entered as 1499. */
const rupees = {
  format: (paise: number | null | undefined) => (paise === null || paise === undefined ? '' : paise / 100),
  parse: (value: string | number | null) =>
    value === '' || value === null || value === undefined ? null : Math.round(Number(value) * 100),
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The reward's image: uploaded as a `reward_image` file, referenced by its id. */
function ImageInput() {
  const { field, fieldState } = useInput({ source: 'imageFileId' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [name, setName] = useState('');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem('');
    try {
      const stored = await uploadFile(file, 'reward_image');
      field.onChange(stored.id);
      setName(file.name);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : 'Upload failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <MuiButton component="label" variant="outlined" disabled={busy}>
        {field.value ? 'Replace image' : 'Add image'}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => upload(e.target.files?.[0])}
        />
      </MuiButton>
      <Typography variant="body2" color={problem || fieldState.error ? 'error' : 'text.secondary'}>
        {problem || fieldState.error?.message || name || (field.value ? 'Image attached' : 'No image')}
      </Typography>
    </Stack>
  );
}

/** Fields of a reward, shared by create and edit: an e-voucher has brand and denomination, a gift stock. */
export function RewardInputs() {
  const type = useWatch({ name: 'type' });
  return (
    <>
      <TextInput source="name" validate={required(REWARD_MESSAGES.nameRequired)} fullWidth />
      <SelectInput
        source="type"
        choices={REWARD_TYPES.map((t) => ({ id: t, name: REWARD_TYPE_LABELS[t] }))}
        validate={required(REWARD_MESSAGES.typeRequired)}
      />
      {type === 'e_voucher' && (
        <>
          <TextInput source="brand" validate={required(REWARD_MESSAGES.brandRequired)} />
          <NumberInput
            source="denominationPaise"
            label="Denomination (₹)"
            {...rupees}
            validate={[
              required(REWARD_MESSAGES.denominationRequired),
              minValue(0, REWARD_MESSAGES.paiseRange),
            ]}
          />
        </>
      )}
      <NumberInput
        source="pointsCost"
        label="Points cost"
        validate={[
          required(REWARD_MESSAGES.pointsRange),
          minValue(1, REWARD_MESSAGES.pointsRange),
          maxValue(1_000_000, REWARD_MESSAGES.pointsRange),
        ]}
      />
      <NumberInput
        source="mrpPaise"
        label="MRP (₹)"
        {...rupees}
        validate={[required(REWARD_MESSAGES.paiseRange), minValue(0, REWARD_MESSAGES.paiseRange)]}
      />
      {type === 'physical' && (
        <NumberInput
          source="stock"
          validate={[required(REWARD_MESSAGES.stockRequired), minValue(0, REWARD_MESSAGES.stockRange)]}
        />
      )}
      <CheckboxGroupInput
        source="eligibleTypes"
        label="Eligible member types"
        choices={MEMBER_TYPES.map((t) => ({ id: t, name: capitalised(t) }))}
        validate={required(REWARD_MESSAGES.typesRequired)}
      />
      <ImageInput />
    </>
  );
}
