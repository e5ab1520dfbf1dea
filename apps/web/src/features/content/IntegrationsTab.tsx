import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import {
  type ApiKeyRow,
  integrationsEndpoints as e,
  INTEGRATION_SCOPES,
  SCOPES,
  type ServiceAccountRow,
} from '@app/contract/integrations';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ConfirmDialog, type ConfirmDialogProps, reasonField } from '../../components/ConfirmDialog';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';
import { LoadError } from '../../components/list/ListStates';
import { statusColour } from '../../components/StatusChip';
import { useEndpoint } from '../../components/use-api-get';
import { WideTable } from '../../components/WideTable';

/** The key form's scopes: what the integration API's routes check, each a staff permission id. */
const SCOPE_SWITCHES = [
  { id: INTEGRATION_SCOPES.invoices, label: 'Push invoices' },
  { id: INTEGRATION_SCOPES.distributors, label: 'Upsert distributors' },
  { id: INTEGRATION_SCOPES.products, label: 'Upsert products and their points' },
  { id: INTEGRATION_SCOPES.stores, label: 'Upsert stores' },
  { id: INTEGRATION_SCOPES.members, label: 'Read members' },
  { id: INTEGRATION_SCOPES.ledger, label: 'Read the points ledger' },
  { id: INTEGRATION_SCOPES.redemptions, label: 'Read redemptions and payouts' },
  { id: INTEGRATION_SCOPES.reveal, label: 'See members’ mobile numbers unmasked' },
];
const scopeLabel = (id: string) =>
  SCOPE_SWITCHES.find((s) => s.id === id)?.label ?? SCOPES.find((s) => s.id === id)?.label ?? id;
const switchName = (i: number) => `scope${i}`;

const Status = ({ value }: { value: string }) => (
  <Chip size="small" label={value} color={statusColour(value)} />
);
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

type DialogState = Omit<ConfirmDialogProps, 'onClose'> | null;

/**
 * Main Settings → Integrations: service accounts of the brand's systems and their API keys. Asking
 * for an account or a key and approving it are two people's work; an approved key is shown once.
 */
export function IntegrationsTab() {
  const { can } = useProfile();
  const notify = useNotify();
  const accounts = useEndpoint(e.accounts);
  const keys = useEndpoint(e.keys);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [secret, setSecret] = useState<{ key: ApiKeyRow; secret: string } | null>(null);
  const reload = () => {
    accounts.reload();
    keys.reload();
  };
  const mayManage = can(actionOf(e.createAccount));
  const mayApprove = can(actionOf(e.decideKey));

  const newAccount = () =>
    setDialog({
      title: 'New service account',
      text: 'A system of yours (ERP, CRM, data warehouse) that calls the integration API. Another person approves it before it can get keys.',
      verb: 'Ask for approval',
      fields: [
        { name: 'name', label: 'Name', required: true },
        { name: 'description', label: 'What it is for', multiline: true },
      ],
      onSubmit: async (v) => {
        await call(e.createAccount, {
          body: { name: String(v.name ?? ''), description: String(v.description ?? '') },
        });
        notify('Service account asked for: another person approves it', { type: 'success' });
        reload();
      },
    });

  const decideAccount = (row: ServiceAccountRow, result: 'approved' | 'rejected') =>
    setDialog({
      title: `${result === 'approved' ? 'Approve' : 'Reject'} ${row.name}?`,
      verb: result === 'approved' ? 'Approve' : 'Reject',
      destructive: result === 'rejected',
      fields: [reasonField(result === 'rejected')],
      onSubmit: async (v) => {
        await call(e.decideAccount, {
          params: { id: row.id },
          body: { result, reason: v.reason ? String(v.reason) : undefined },
        });
        notify(`Service account ${result}`, { type: 'success' });
        reload();
      },
    });

  const newKey = (row: ServiceAccountRow) =>
    setDialog({
      title: `New API key for ${row.name}`,
      text: 'Choose what the key may do. Another person approves it; the key is shown to them once.',
      verb: 'Ask for approval',
      initial: { validDays: 365, ratePerMinute: 600 },
      fields: [
        { name: 'label', label: 'Label', required: true },
        ...SCOPE_SWITCHES.map((s, i) => ({ name: switchName(i), label: s.label, type: 'switch' as const })),
        { name: 'validDays', label: 'Valid for (days)', type: 'number' },
        { name: 'ratePerMinute', label: 'Calls a minute', type: 'number' },
      ],
      onSubmit: async (v) => {
        const scopes = [...new Set(SCOPE_SWITCHES.filter((_, i) => v[switchName(i)]).map((s) => s.id))];
        if (scopes.length === 0) throw new ApiError(400, 'validation_failed', 'Choose at least one scope');
        await call(e.createKey, {
          params: { id: row.id },
          body: {
            label: String(v.label ?? ''),
            scopes,
            validDays: Number(v.validDays),
            ratePerMinute: Number(v.ratePerMinute),
          },
        });
        notify('API key asked for: another person approves it', { type: 'success' });
        reload();
      },
    });

  const decideKey = (row: ApiKeyRow, result: 'approved' | 'rejected') =>
    setDialog({
      title: `${result === 'approved' ? 'Approve' : 'Reject'} the key “${row.label}” of ${row.accountName}?`,
      text:
        result === 'approved'
          ? `Scopes: ${row.scopes.map(scopeLabel).join(', ')}. The key is shown once, to you, right after.`
          : undefined,
      verb: result === 'approved' ? 'Approve' : 'Reject',
      destructive: result === 'rejected',
      fields: [reasonField(result === 'rejected')],
      onSubmit: async (v) => {
        const answer = await call(e.decideKey, {
          params: { id: row.id },
          body: { result, reason: v.reason ? String(v.reason) : undefined },
        });
        if (answer.secret) setSecret({ key: answer.key, secret: answer.secret });
        else notify('API key rejected', { type: 'success' });
        reload();
      },
    });

  const rotate = (row: ApiKeyRow) =>
    setDialog({
      title: `Rotate the key “${row.label}”?`,
      text: 'A successor with the same scopes is asked for. Once another person approves it, this key keeps working for the overlap, then stops.',
      verb: 'Ask for a successor',
      initial: { overlapHours: 24 },
      fields: [{ name: 'overlapHours', label: 'Overlap (hours)', type: 'number' }],
      onSubmit: async (v) => {
        await call(e.rotateKey, { params: { id: row.id }, body: { overlapHours: Number(v.overlapHours) } });
        notify('Successor key asked for', { type: 'success' });
        reload();
      },
    });

  const revoke = (row: ApiKeyRow) =>
    setDialog({
      title: `Revoke the key “${row.label}”?`,
      text: 'Calls with it are refused at once. This cannot be undone.',
      verb: 'Revoke',
      destructive: true,
      onSubmit: async () => {
        await call(e.revokeKey, { params: { id: row.id } });
        notify('API key revoked', { type: 'success' });
        reload();
      },
    });

  const actionsOf = (buttons: (false | { label: string; onClick: () => void })[]): ReactNode => (
    <Stack direction="row" spacing={1}>
      {buttons
        .filter((b): b is { label: string; onClick: () => void } => Boolean(b))
        .map((b) => (
          <Button key={b.label} size="small" onClick={b.onClick}>
            {b.label}
          </Button>
        ))}
    </Stack>
  );

  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="h5" component="h1">
        Integrations
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Service accounts
        </Typography>
        {mayManage && (
          <Button variant="contained" onClick={newAccount}>
            New service account
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Systems call the integration API (documented at /api/docs, tag “Integration”) with “Authorization:
        Bearer &lt;key&gt;”. Every call is audited under the account’s name.
      </Typography>
      {accounts.error ? (
        <LoadError subject="Service accounts" error={new Error(accounts.error)} onRetry={accounts.reload} />
      ) : !accounts.data ? (
        <Typography role="status">Loading…</Typography>
      ) : accounts.data.rows.length === 0 ? (
        <Typography color="text.secondary" role="status">
          No service accounts yet. Add one for each system that connects (your ERP, CRM, warehouse).
        </Typography>
      ) : (
        <WideTable label="Service accounts">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Asked for by</TableCell>
              <TableCell>Decided by</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {accounts.data.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  <Status value={row.status} />
                </TableCell>
                <TableCell>{row.requestedByName ?? '—'}</TableCell>
                <TableCell>{row.decidedByName ?? '—'}</TableCell>
                <TableCell>{when(row.createdAt)}</TableCell>
                <TableCell>
                  {actionsOf([
                    row.status === 'pending' &&
                      mayApprove && { label: 'Approve', onClick: () => decideAccount(row, 'approved') },
                    row.status === 'pending' &&
                      mayApprove && { label: 'Reject', onClick: () => decideAccount(row, 'rejected') },
                    (row.status === 'active' || row.status === 'pending') &&
                      mayManage && { label: 'New key', onClick: () => newKey(row) },
                  ])}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </WideTable>
      )}

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        API keys
      </Typography>
      {keys.error ? (
        <LoadError subject="API keys" error={new Error(keys.error)} onRetry={keys.reload} />
      ) : !keys.data ? (
        <Typography role="status">Loading…</Typography>
      ) : keys.data.rows.length === 0 ? (
        <Typography color="text.secondary" role="status">
          No API keys yet. Ask for one from its service account’s row.
        </Typography>
      ) : (
        <WideTable label="API keys">
          <TableHead>
            <TableRow>
              <TableCell>Account</TableCell>
              <TableCell>Label</TableCell>
              <TableCell>Key</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Scopes</TableCell>
              <TableCell>Calls a minute</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.data.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.accountName}</TableCell>
                <TableCell>
                  {row.label}
                  {row.rotatesKeyId ? ` (succeeds key ${row.rotatesKeyId})` : ''}
                </TableCell>
                <TableCell>{row.prefix ? `ak_${row.prefix}_…` : '—'}</TableCell>
                <TableCell>
                  <Status value={row.status} />
                </TableCell>
                <TableCell title={row.scopes.map(scopeLabel).join(', ')}>
                  {formatCount(row.scopes.length)}
                </TableCell>
                <TableCell>{formatCount(row.ratePerMinute)}</TableCell>
                <TableCell>{when(row.expiresAt)}</TableCell>
                <TableCell>
                  {row.lastUsedAt ? `${when(row.lastUsedAt)} from ${row.lastUsedIp}` : 'Never'}
                </TableCell>
                <TableCell>
                  {actionsOf([
                    row.status === 'pending' &&
                      mayApprove && { label: 'Approve', onClick: () => decideKey(row, 'approved') },
                    row.status === 'pending' &&
                      mayApprove && { label: 'Reject', onClick: () => decideKey(row, 'rejected') },
                    row.status === 'active' && mayManage && { label: 'Rotate', onClick: () => rotate(row) },
                    row.status === 'active' && mayManage && { label: 'Revoke', onClick: () => revoke(row) },
                  ])}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </WideTable>
      )}

      {dialog && <ConfirmDialog {...dialog} onClose={() => setDialog(null)} />}
      {secret && <SecretDialog apiKey={secret.key} secret={secret.secret} onClose={() => setSecret(null)} />}
    </Box>
  );
}

/** The approved key, shown this once: it is stored hashed and cannot be shown again. */
function SecretDialog({
  apiKey,
  secret,
  onClose,
}: {
  apiKey: ApiKeyRow;
  secret: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitleWithClose onClose={onClose}>API key of {apiKey.accountName}</DialogTitleWithClose>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: this is the only time it is shown. It is stored hashed and cannot be read again.
        </Alert>
        <Typography
          component="code"
          data-testid="api-key-secret"
          sx={{
            display: 'block',
            wordBreak: 'break-all',
            fontFamily: 'monospace',
            p: 1,
            bgcolor: 'action.hover',
          }}
        >
          {secret}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Expires {when(apiKey.expiresAt)}. Send it as “Authorization: Bearer &lt;key&gt;”.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          I have stored it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
