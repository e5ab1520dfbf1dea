import { actionOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import { type SchemeRow, schemesEndpoints } from '@app/contract/schemes';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { reasonField } from '../../components/ConfirmDialog';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';
import { useEndpoint } from '../../components/use-api-get';
import { useRowAction } from '../../components/use-row-action';

const e = schemesEndpoints;

function HistoryTable({ scheme }: { scheme: SchemeRow }) {
  const { data } = useEndpoint(e.history, { params: { id: scheme.id } });
  return (
    <Table size="small" aria-label={`History of ${scheme.name}`}>
      <TableBody>
        {(data ?? []).map((event) => (
          <TableRow key={event.id}>
            <TableCell>{event.action.replace('scheme.', '').replace('_', ' ')}</TableCell>
            <TableCell>{event.actorName ?? '—'}</TableCell>
            <TableCell>{formatDateTime(event.at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The History section of the scheme's edit page. */
export function SchemeHistory({ scheme }: { scheme: SchemeRow }) {
  return (
    <Box component="section" aria-label="History" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        History
      </Typography>
      <HistoryTable scheme={scheme} />
    </Box>
  );
}

function HistoryDialog({ scheme, onClose }: { scheme: SchemeRow; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitleWithClose onClose={onClose}>History of {scheme.name}</DialogTitleWithClose>
      <DialogContent>
        <HistoryTable scheme={scheme} />
      </DialogContent>
    </Dialog>
  );
}

/** The buttons of one scheme row: what its state allows; the server decides who may do it. */
export function SchemeRowActions({ row, editPath }: { row: SchemeRow; editPath: string }) {
  const { can } = useProfile();
  const notify = useNotify();
  const refresh = useRefresh();
  const [history, setHistory] = useState(false);
  const params = { id: row.id };
  const move = (
    declaration: typeof e.requestActivation | typeof e.approve | typeof e.reject | typeof e.end,
  ) => call(declaration, { params });
  const end = useRowAction({
    action: actionOf(e.end),
    title: `End ${row.name}?`,
    text: 'Scans stop earning its bonus.',
    verb: 'End scheme',
    destructive: true,
    run: () => move(e.end),
    done: () => 'Scheme ended',
  });
  const cancel = useRowAction({
    action: actionOf(e.cancel),
    title: `Cancel ${row.name}?`,
    verb: 'Cancel scheme',
    destructive: true,
    fields: [reasonField(false)],
    run: ({ reason }) => call(e.cancel, { params, body: { reason: String(reason ?? '') } }),
    done: () => 'Scheme cancelled',
  });
  const reject = useRowAction({
    action: actionOf(e.reject),
    title: `Reject activation of ${row.name}?`,
    text: 'The scheme goes back to draft; its maker can edit it and ask again.',
    verb: 'Reject',
    destructive: true,
    run: () => move(e.reject),
    done: () => 'Activation rejected: back to draft',
  });
  // One-click steps (no confirmation): a failure is told in a message, not thrown away.
  const run = async (declaration: Parameters<typeof move>[0], done: string) => {
    try {
      await move(declaration);
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Something went wrong', { type: 'error' });
    }
  };
  const draft = row.status === 'draft' && can(actionOf(e.update));
  const requested = row.activationRequestedBy !== null;
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      {draft && (
        <Button size="small" component={Link} to={editPath}>
          Edit
        </Button>
      )}
      {draft && !requested && (
        <Button size="small" onClick={() => run(e.requestActivation, 'Sent for approval')}>
          Request activation
        </Button>
      )}
      {row.status === 'draft' && requested && can(actionOf(e.approve)) && (
        <Button size="small" color="success" onClick={() => run(e.approve, 'Scheme activated')}>
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
