import { actionOf } from '@app/contract/endpoint';
import { giftVouchersEndpoints, type VoucherRow } from '@app/contract/gift-vouchers';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';

/** The masked PIN; "Reveal" fetches the full one (an audited action) into this row only. */
export function RevealPin({ row }: { row: VoucherRow }) {
  const { can } = useProfile();
  const notify = useNotify();
  const [pin, setPin] = useState<string>();
  if (!row.pinMasked) return <span>—</span>;
  const reveal = async () => {
    try {
      setPin((await call(giftVouchersEndpoints.reveal, { params: { id: row.id } })).pin);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
      <span data-testid={`voucher-pin-${row.id}`} style={{ fontFamily: 'monospace' }}>
        {pin ?? row.pinMasked}
      </span>
      {pin ? (
        <Button size="small" onClick={() => setPin(undefined)}>
          Hide
        </Button>
      ) : (
        can(actionOf(giftVouchersEndpoints.reveal)) && (
          <Button size="small" onClick={reveal}>
            Reveal
          </Button>
        )
      )}
    </Stack>
  );
}
