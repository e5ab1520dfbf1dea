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
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import Swal from 'sweetalert2';
import { api } from '../../app/api';
import { useApiGet } from '../members/use-api-get';

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
export function SchemeRowActions({ onEdit }: { onEdit: (row: SchemeRow) => void }) {
  const row = useRecordContext<SchemeRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [history, setHistory] = useState(false);
  if (!row) return null;
  const run = async (path: string, done: string, body?: object) => {
    try {
      await api(`/admin/schemes/${row.id}/${path}`, { method: 'POST', ...(body ? { body } : {}) });
      notify(done, { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  const confirmEnd = async () => {
    const answer = await Swal.fire({
      text: `End ${row.name}? Scans stop earning its bonus.`,
      showCancelButton: true,
    });
    if (answer.isConfirmed) await run('end', 'Scheme ended');
  };
  const confirmCancel = async () => {
    const answer = await Swal.fire({
      text: `Cancel ${row.name}?`,
      input: 'text',
      inputPlaceholder: 'Reason (optional)',
      showCancelButton: true,
    });
    if (answer.isConfirmed) await run('cancel', 'Scheme cancelled', { reason: String(answer.value ?? '') });
  };
  const draft = row.status === 'draft';
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
      {draft && requested && (
        <Button size="small" color="success" onClick={() => run('approve', 'Scheme activated')}>
          Approve
        </Button>
      )}
      {row.status === 'active' && (
        <Button size="small" onClick={confirmEnd}>
          End
        </Button>
      )}
      {(draft || row.status === 'active') && (
        <Button size="small" color="error" onClick={confirmCancel}>
          Cancel
        </Button>
      )}
      <Button size="small" onClick={() => setHistory(true)}>
        History
      </Button>
      {history && <HistoryDialog scheme={row} onClose={() => setHistory(false)} />}
    </Stack>
  );
}
