import { actionOf } from '@app/contract/endpoint';
import { staffEndpoints } from '@app/contract/staff';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { Button, useRecordContext } from 'react-admin';
import { call } from '../../app/api';
import { useRowAction } from '../../components/use-row-action';

/**
 * A lost authenticator: clears it and the recovery codes, signing the account out (User Roles
 * managers only, the almond team among built-in roles; audited). Shown only when one is set up.
 */
export function ResetSecondFactorButton() {
  const record = useRecordContext();
  const reset = useRowAction({
    action: actionOf(staffEndpoints.resetSecondFactor),
    title: `Reset two-step sign-in of ${record?.name}?`,
    text: 'Their authenticator and recovery codes stop working and they are signed out. If their role requires two-step sign-in, they set up a new authenticator at their next sign-in.',
    verb: 'Reset two-step sign-in',
    destructive: true,
    run: () => call(staffEndpoints.resetSecondFactor, { params: { id: record!.id } }),
    done: () => `Two-step sign-in of ${record?.name} is reset`,
  });
  if (!record?.secondFactor || !reset.allowed) return null;
  return (
    <>
      <Button label="Reset two-step sign-in" onClick={reset.open} color="error">
        <PhonelinkEraseIcon />
      </Button>
      {reset.dialog}
    </>
  );
}
