import {
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type WebhookEventType,
  type WebhookSubscriptionRow,
} from '@app/contract/webhooks';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

export interface SubscriptionValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  active: boolean;
}

/**
 * A subscription's URL, description, events and active flag, to add one or change one. A server
 * field error (a refused address, say) shows under its field; the dialog closes on success.
 */
export function SubscriptionDialog({
  row,
  onClose,
  onSubmit,
}: {
  row?: WebhookSubscriptionRow;
  onClose: () => void;
  onSubmit: (values: SubscriptionValues) => Promise<void>;
}) {
  const [values, setValues] = useState<SubscriptionValues>({
    url: row?.url ?? '',
    description: row?.description ?? '',
    eventTypes: (row?.eventTypes as WebhookEventType[] | undefined) ?? [],
    active: row?.active ?? true,
  });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggle = (type: WebhookEventType) =>
    setValues((v) => ({
      ...v,
      eventTypes: v.eventTypes.includes(type)
        ? v.eventTypes.filter((t) => t !== type)
        : [...v.eventTypes, type],
    }));
  const send = async () => {
    setBusy(true);
    setErrors({});
    try {
      await onSubmit(values);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0) setErrors(e.fields);
      else setErrors({ '': e instanceof Error ? e.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitleWithClose onClose={onClose} disabled={busy}>
        {row ? `Change subscription ${row.id}` : 'Add a webhook subscription'}
      </DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="URL"
            value={values.url}
            onChange={(e) => setValues({ ...values, url: e.target.value })}
            error={Boolean(errors.url)}
            helperText={errors.url ?? 'https://… of the receiving system'}
            fullWidth
          />
          <TextField
            label="Description"
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
            error={Boolean(errors.description)}
            helperText={errors.description}
            fullWidth
          />
          <FormGroup>
            <FormLabel>Events</FormLabel>
            {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                control={
                  <Checkbox checked={values.eventTypes.includes(type)} onChange={() => toggle(type)} />
                }
                label={
                  <span>
                    {WEBHOOK_EVENTS[type].label}{' '}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {type}
                    </Typography>
                  </span>
                }
              />
            ))}
            {errors.eventTypes && <Alert severity="error">{errors.eventTypes}</Alert>}
          </FormGroup>
          <FormControlLabel
            control={
              <Switch
                checked={values.active}
                onChange={(e) => setValues({ ...values, active: e.target.checked })}
              />
            }
            label="Active"
          />
          {errors[''] && <Alert severity="error">{errors['']}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={send} disabled={busy}>
          {row ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The signing secret, shown once (when made or rotated): the receiver verifies with it. */
export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitleWithClose onClose={onClose}>Signing secret</DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Copy it now: it is not shown again. The receiver verifies every delivery with it.
          </Alert>
          <TextField
            label="Secret"
            value={secret}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webhook-secret' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
