import { actionOf } from '@app/contract/endpoint';
import { kycEndpoints } from '@app/contract/kyc';
import { Button as MuiButton, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';

/** Shows the masked value; "Reveal" fetches the full one (an audited action) into this view only. */
export function RevealButton({
  submissionId,
  field,
  masked,
}: {
  submissionId: number;
  field: 'pan' | 'accountNumber';
  masked: string;
}) {
  const { can } = useProfile();
  const notify = useNotify();
  const [value, setValue] = useState<string>();
  const reveal = async () => {
    try {
      const res = await call(kycEndpoints.reveal, { params: { id: submissionId }, body: { field } });
      setValue(res.value);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span data-testid={`kyc-${field}`}>{value ?? masked}</span>
      {value ? (
        <MuiButton size="small" onClick={() => setValue(undefined)}>
          Hide
        </MuiButton>
      ) : (
        can(actionOf(kycEndpoints.reveal)) && (
          <MuiButton size="small" onClick={reveal}>
            Reveal
          </MuiButton>
        )
      )}
    </Stack>
  );
}
