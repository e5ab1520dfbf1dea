import { channelEndpoints, LINK_VIA_LABELS } from '@app/contract/channel';
import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { useEndpoint } from '../../components/use-api-get';

/**
 * The member's place in the channel: his dealer now and every dealer before (who attached him, how,
 * when it ended), or for a dealer the number of partners; staff with the action attach or detach.
 */
export function MemberDealerTab({ memberId }: { memberId: string }) {
  const { data, error, reload } = useEndpoint(channelEndpoints.hierarchy, { params: { id: memberId } });
  if (error)
    return (
      <Alert severity="error" action={<Button onClick={reload}>Retry</Button>}>
        {error}
      </Alert>
    );
  if (!data) return null;
  return (
    <Stack spacing={2} sx={{ p: 1 }}>
      {data.isDealer ? (
        <Alert severity="info">
          Dealer with <strong>{formatCount(data.partners)}</strong> partners now.
        </Alert>
      ) : (
        <Alert
          severity="info"
          action={<AttachButton memberId={memberId} attached={Boolean(data.dealer)} onDone={reload} />}
        >
          Dealer:{' '}
          <strong>
            {data.dealer ? `${data.dealer.name} (${data.dealer.code}), ${data.dealer.city}` : 'none'}
          </strong>
        </Alert>
      )}
      <Typography variant="subtitle1" component="h3">
        Dealer history
      </Typography>
      {data.history.length === 0 ? (
        <Typography color="text.secondary">No dealer links recorded.</Typography>
      ) : (
        <Table size="small" aria-label="Dealer history">
          <TableHead>
            <TableRow>
              <TableCell>Dealer</TableCell>
              <TableCell>Attached</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Ended</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.history.map((h) => (
              <TableRow key={h.id}>
                <TableCell>
                  {h.dealerName} ({h.dealerCode})
                </TableCell>
                <TableCell>{formatDateTime(h.linkedAt)}</TableCell>
                <TableCell>
                  {LINK_VIA_LABELS[h.linkedVia]}
                  {h.linkedByName ? `: ${h.linkedByName}` : ''}
                </TableCell>
                <TableCell>
                  {h.endedAt
                    ? `${formatDateTime(h.endedAt)} · ${h.endedVia ? LINK_VIA_LABELS[h.endedVia] : ''}${h.endedByName ? `: ${h.endedByName}` : ''}`
                    : 'current'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

function AttachButton({
  memberId,
  attached,
  onDone,
}: {
  memberId: string;
  attached: boolean;
  onDone: () => void;
}) {
  const { can } = useProfile();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setOpen(false);
    setCode('');
    setError(undefined);
  };
  const send = async (dealerCode: string | null) => {
    try {
      await call(channelEndpoints.attach, { params: { id: memberId }, body: { dealerCode } });
      notify(dealerCode ? 'Attached to the dealer' : 'Detached from the dealer', { type: 'success' });
      close();
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setError(Object.values(e.fields)[0]);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  if (!can(actionOf(channelEndpoints.attach))) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{attached ? 'Change dealer' : 'Attach to a dealer'}</Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>Attach to a dealer</DialogTitle>
        <DialogContent>
          <DialogContentText>
            One dealer at a time: the current one, if any, is ended and kept in the history.
          </DialogContentText>
          <TextField
            label="Dealer code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? 'The member code of an approved dealer or retailer, e.g. M000042'}
            fullWidth
            margin="dense"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          {attached && (
            <Button color="warning" onClick={() => send(null)}>
              Detach
            </Button>
          )}
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={() => send(code)}>
            Attach
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
