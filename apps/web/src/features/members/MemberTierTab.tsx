import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { tiersEndpoints } from '@app/contract/tiers';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Button as MuiButton,
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
import { Button, useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { useEndpoint } from '../../components/use-api-get';

/**
 * The member's tier: the tier, pinned by an override or evaluated from the points
 * earned by scans in the period, the history, the overrides, and a dialog to request an override
 * (a second person approves it on Scheme → Tiers).
 */
export function MemberTierTab({ memberId }: { memberId: string }) {
  const { data, error, reload } = useEndpoint(tiersEndpoints.member, { params: { id: memberId } });
  if (error) return <Typography color="error">{error}</Typography>;
  if (!data) return null;
  return (
    <Stack spacing={2} sx={{ p: 1 }}>
      <Alert
        severity="info"
        action={<OverrideButton memberId={memberId} tiers={data.tiers} onDone={reload} />}
      >
        Tier: <strong>{data.tier ?? 'not evaluated yet'}</strong>
        {data.pinned ? ' (set by an override)' : ''} · points earned by scans in the last{' '}
        {data.periodMonths ?? '—'} months: {formatCount(data.earned)}
      </Alert>
      <Typography variant="subtitle1" component="h3">
        Tier history
      </Typography>
      <Table size="small" aria-label="Tier history">
        <TableHead>
          <TableRow>
            <TableCell>From</TableCell>
            <TableCell>Tier</TableCell>
            <TableCell>How</TableCell>
            <TableCell align="right">Points earned in the period</TableCell>
            <TableCell>By</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.history.map((h) => (
            <TableRow key={h.id}>
              <TableCell>{formatDateTime(h.fromAt)}</TableCell>
              <TableCell>{h.tier}</TableCell>
              <TableCell>
                {h.reason === 'override' ? `override: ${h.overrideReason ?? ''}` : 'evaluated'}
              </TableCell>
              <TableCell align="right">{h.earned === null ? '—' : formatCount(h.earned)}</TableCell>
              <TableCell>{h.byName ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data.overrides.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            Overrides
          </Typography>
          <Table size="small" aria-label="Tier overrides">
            <TableHead>
              <TableRow>
                <TableCell>Requested</TableCell>
                <TableCell>Tier</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested by</TableCell>
                <TableCell>Decided by</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.overrides.map((o) => (
                <TableRow key={o.id}>
                  <TableCell>{formatDateTime(o.requestedAt)}</TableCell>
                  <TableCell>{o.tier ?? 'automatic'}</TableCell>
                  <TableCell>{o.reason}</TableCell>
                  <TableCell>{o.status}</TableCell>
                  <TableCell>{o.requestedByName}</TableCell>
                  <TableCell>
                    {o.decidedByName ?? ''}
                    {o.decisionReason ? ` — ${o.decisionReason}` : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Stack>
  );
}

const AUTOMATIC = '';

function OverrideButton({
  memberId,
  tiers,
  onDone,
}: {
  memberId: string;
  tiers: string[];
  onDone: () => void;
}) {
  const { can } = useProfile();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [tier, setTier] = useState(tiers[0] ?? AUTOMATIC);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setOpen(false);
    setReason('');
    setErrors({});
  };
  const submit = async () => {
    try {
      await call(tiersEndpoints.requestOverride, {
        params: { id: memberId },
        body: { tier: tier === AUTOMATIC ? null : tier, reason },
      });
      notify('Tier change requested; another staff member must approve it', { type: 'success' });
      close();
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  if (!can(actionOf(tiersEndpoints.requestOverride)) || tiers.length === 0) return null;
  return (
    <Box>
      <Button label="Change tier" onClick={() => setOpen(true)}>
        <WorkspacePremiumIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>Change the tier</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The tier is pinned until another change; nothing changes until a different staff account approves
            the request.
          </DialogContentText>
          <TextField
            select
            label="Tier"
            value={tier}
            onChange={(e) => setTier(e.target.value)}
            error={Boolean(errors.tier)}
            helperText={errors.tier}
            fullWidth
            margin="dense"
          >
            {tiers.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
            <MenuItem value={AUTOMATIC}>Automatic (from points earned)</MenuItem>
          </TextField>
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
            Request change
          </MuiButton>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
