import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** Active / Inactive, plus Locked while failed sign-ins keep the account locked. */
export function StaffStatus(_props: { label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip
        size="small"
        label={record.active ? 'Active' : 'Inactive'}
        color={record.active ? 'success' : 'default'}
        variant={record.active ? 'filled' : 'outlined'}
      />
      {record.locked && <Chip size="small" label="Locked" color="warning" />}
    </Stack>
  );
}
