import { formatDateTime } from '@app/contract/format';
import type { SchemeEvent, SchemeRow } from '@app/contract/schemes';
import {
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { api } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { reasonField } from '../../components/ConfirmDialog';
import { useApiGet } from '../../components/use-api-get';
import { useRowAction } from '../../components/use-row-action';

function HistoryDialog({ scheme, onClose }: { scheme: SchemeRow; onClose: () => void }) {
  const { data } = useApiGet<SchemeEvent[]>(`/admin/schemes/${scheme.id}/history`);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>History of {scheme.name}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {(data ?? []).map((e) => (
              <TableRow key={e.id}>
                <TableCell>{e.action.replace('scheme.', '').replace('_', ' ')}</TableCell>
                <TableCell>{e.actorName ?? '—'}</TableCell>
                <TableCell>{formatDateTime(e.at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}

/** The buttons of one scheme row: what its state allows; the server decides who may do it. */
export function SchemeRowActions({ row, onEdit }: { row: SchemeRow; onEdit: (row: SchemeRow) => void }) {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [history, setHistory] = useState(false);
  const post = (path: string, body?: object) =>
    api(`/admin/schemes/${row.id}/${path}`, { method: 'POST', ...(body ? { body } : {}) });
  const end = useRowAction({
    action: 'schemes.manage',
    title: `End ${row.name}?`,
    text: 'Scans stop earning its bonus.',
    verb: 'End scheme',
    destructive: true,
    run: () => post('end'),
    done: () => 'Scheme ended',
  });
  const cancel = useRowAction({
    action: 'schemes.manage',
    title: `Cancel ${row.name}?`,
    verb: 'Cancel scheme',
    destructive: true,
    fields: [reasonField(false)],
    run: ({ reason }) => post('cancel', { reason: String(reason ?? '') }),
    done: () => 'Scheme cancelled',
  });
  const reject = useRowAction({
    action: 'schemes.approve',
    title: `Reject activation of ${row.name}?`,
    text: 'The scheme goes back to draft; its maker can edit it and ask again.',
    verb: 'Reject',
    destructive: true,
    run: () => post('reject'),
    done: () => 'Activation rejected: back to draft',
  });
  // One-click steps (no confirmation): a failure is told in a message, not thrown away.
  const run = async (path: string, done: string) => {
    try {
      await post(path);
      notify(done, { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  const draft = row.status === 'draft' && can('schemes.manage');
  const requested = row.activationRequestedBy !== null;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {draft && (
        <Button size="small" onClick={() => onEdit(row)}>
          Edit
        </Button>
      )}
      {draft && !requested && (
        <Button size="small" onClick={() => run('request-activation', 'Sent for approval')}>
          Request activation
        </Button>
      )}
      {row.status === 'draft' && requested && can('schemes.approve') && (
        <Button size="small" color="success" onClick={() => run('approve', 'Scheme activated')}>
          Approve
        </Button>
      )}
      {row.status === 'draft' && requested && reject.allowed && (
        <Button size="small" color="error" onClick={reject.open}>
          Reject
        </Button>
      )}
      {row.status === 'active' && end.allowed && (
        <Button size="small" onClick={end.open}>
          End
        </Button>
      )}
      {(draft || row.status === 'active') && cancel.allowed && (
        <Button size="small" color="error" onClick={cancel.open}>
          Cancel
        </Button>
      )}
      <Button size="small" onClick={() => setHistory(true)}>
        History
      </Button>
      {history && <HistoryDialog scheme={row} onClose={() => setHistory(false)} />}
      {end.dialog}
      {cancel.dialog}
      {reject.dialog}
    </Stack>
  );
}
