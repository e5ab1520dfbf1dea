import { INDIAN_STATES } from '@app/contract/members';
import { STORE_MESSAGES as M, STORE_KIND_LABELS, STORE_KINDS } from '@app/contract/stores';
import { Stack } from '@mui/material';
import { NumberInput, required, SelectInput, TextInput } from 'react-admin';

const kinds = STORE_KINDS.map((k) => ({ id: k, name: STORE_KIND_LABELS[k] }));
const states = INDIAN_STATES.map((s) => ({ id: s, name: s }));

/** A store's fields, shared by create and edit (the code is fixed once created: uploads find it by it). */
export function StoreInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <TextInput
        source="code"
        label="Store code"
        disabled={mode === 'edit'}
        validate={mode === 'create' ? required(M.codeRequired) : undefined}
        helperText={
          mode === 'create' ? 'Letters, digits, - or _; uploads update the store by it' : 'Cannot be changed'
        }
      />
      <TextInput source="name" validate={required(M.nameRequired)} fullWidth />
      <SelectInput source="kind" choices={kinds} validate={required(M.kind)} />
      <TextInput
        source="contactPerson"
        label="Contact person"
        validate={required(M.contactRequired)}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2 }}>
        <TextInput source="phone" validate={required(M.phone)} />
        <TextInput source="email" type="email" />
      </Stack>
      <TextInput source="address" validate={required(M.addressRequired)} multiline fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2 }}>
        <TextInput source="city" validate={required(M.cityRequired)} />
        <SelectInput source="state" choices={states} validate={required(M.state)} />
        <TextInput source="pincode" label="PIN code" validate={required(M.pincode)} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2 }}>
        <NumberInput
          source="lat"
          label="Latitude"
          validate={required(M.latitude)}
          helperText="e.g. 18.5204"
        />
        <NumberInput
          source="lng"
          label="Longitude"
          validate={required(M.longitude)}
          helperText="e.g. 73.8567"
        />
      </Stack>
      <TextInput
        source="openingHours"
        label="Opening hours"
        helperText="e.g. Mon–Sat 10:00–20:00"
        fullWidth
      />
    </>
  );
}
