import { adjustmentsEndpoints } from '@app/contract/adjustments';
import { actionOf } from '@app/contract/endpoint';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Button as MuiButton,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useRefresh } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

/** Requests a manual adjustment; it posts only after a different staff account approves it. */
export function AdjustPointsButton({ memberId, name }: { memberId: number; name: string }) {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setOpen(false);
    setAmount('');
    setReason('');
    setErrors({});
  };
  const submit = async () => {
    try {
      await call(adjustmentsEndpoints.request, {
        params: { id: memberId },
        body: { amount: Number(amount), reason },
      });
      notify('Adjustment requested; another staff member must approve it', { type: 'success' });
      close();
      refresh();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  if (!can(actionOf(adjustmentsEndpoints.request))) return null;
  return (
    <>
      <Button label="Adjust points" onClick={() => setOpen(true)}>
        <TuneIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitleWithClose onClose={close}>Adjust the points of {name}</DialogTitleWithClose>
        <DialogContent>
          <DialogContentText>
            Nothing changes until a different staff account approves the request.
          </DialogContentText>
          <TextField
            label="Points (negative to remove)"
            type="number"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={Boolean(errors.amount)}
            helperText={errors.amount}
            fullWidth
            margin="dense"
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason}
            multiline
            minRows={2}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>Cancel</MuiButton>
          <MuiButton onClick={submit} variant="contained">
            Request adjustment
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
