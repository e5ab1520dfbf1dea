import { type ChannelUploadResult, channelEndpoints } from '@app/contract/channel';
import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import { type SegmentRow, segmentsEndpoints } from '@app/contract/segments';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
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
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SpreadsheetUploadDialog } from '../../components/SpreadsheetUploadDialog';
import { useEndpoint } from '../../components/use-api-get';
import { type BuilderValues, conditionsOf, SegmentBuilder, valuesOf } from './segment-builder';

/** A segment's conditions in a line: "types carpenter · districts Pune · not scanned for 30 days". */
const summary = (c: SegmentRow['conditions']) =>
  Object.entries(c)
    .map(
      ([k, v]) =>
        `${k.replace(/([A-Z])/g, ' $1').toLowerCase()} ${Array.isArray(v) ? v.join(', ') : String(v)}`,
    )
    .join(' · ') || 'every member';

/**
 * All Users → Segments: saved audiences with their live counts, the query builder (counted as you
 * build), and the partner-to-dealer upload. Campaigns (Manage Notification, Scheme) aim at them.
 */
export function SegmentsTab() {
  const { can } = useProfile();
  const { data, error, reload } = useEndpoint(segmentsEndpoints.list);
  const [editing, setEditing] = useState<SegmentRow | 'new'>();
  const [archiving, setArchiving] = useState<SegmentRow>();
  const [uploading, setUploading] = useState(false);
  const manage = can(actionOf(segmentsEndpoints.create));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {manage && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New segment
          </Button>
        )}
        {can(actionOf(channelEndpoints.upload.upload)) && (
          <Button onClick={() => setUploading(true)}>Upload partners and dealers</Button>
        )}
      </Stack>
      {error ? (
        <Alert severity="error" action={<Button onClick={reload}>Retry</Button>}>
          {error}
        </Alert>
      ) : !data ? null : data.length === 0 ? (
        <Typography color="text.secondary">No segments yet.</Typography>
      ) : (
        <Table size="small" aria-label="Segments">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Members now</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Conditions</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Updated</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((s) => (
              <TableRow key={s.id}>
                <TableCell>{s.name}</TableCell>
                <TableCell align="right">{formatCount(s.members)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-word' }}>
                  {summary(s.conditions)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {formatDateTime(s.updatedAt)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {manage && (
                    <>
                      <Button size="small" onClick={() => setEditing(s)}>
                        Edit
                      </Button>
                      <Button size="small" color="error" onClick={() => setArchiving(s)}>
                        Archive
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <SegmentDialog
          segment={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
      {archiving && (
        <ConfirmDialog
          title={`Archive “${archiving.name}”?`}
          text="Campaigns that used it keep their frozen member lists; it can no longer be chosen."
          verb="Archive segment"
          destructive
          onSubmit={() => call(segmentsEndpoints.archive, { params: { id: archiving.id } })}
          onClose={() => {
            setArchiving(undefined);
            reload();
          }}
        />
      )}
      {uploading && (
        <SpreadsheetUploadDialog<ChannelUploadResult>
          title="Upload partners and their dealers"
          help="One row per partner: his member code and his dealer's member code (an empty dealer code detaches him). A partner already with a dealer moves; the history keeps both."
          endpoints={channelEndpoints.upload}
          template={{ fileName: 'channel-template.xlsx' }}
          errorReport={{ fileName: 'channel-upload-errors.xlsx' }}
          label="Partners spreadsheet"
          done={(a) =>
            `Attached: ${a.attached}, detached: ${a.detached}, unchanged: ${a.unchanged}, rejected rows: ${a.rowsRejected}`
          }
          onClose={() => setUploading(false)}
        />
      )}
    </Stack>
  );
}

/** The query builder: name and conditions, counted live (the server's own count) as they change. */
function SegmentDialog({
  segment,
  onClose,
  onSaved,
}: {
  segment?: SegmentRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [name, setName] = useState(segment?.name ?? '');
  const [values, setValues] = useState<BuilderValues>(segment ? valuesOf(segment.conditions) : {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [count, setCount] = useState<number | string>();
  const conditions = conditionsOf(values);
  const key = JSON.stringify(conditions);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the conditions.
  useEffect(() => {
    const timer = setTimeout(() => {
      call(segmentsEndpoints.count, { query: { conditions: JSON.stringify(conditions) } })
        .then((r) => {
          setCount(r.members);
          setErrors((e) =>
            Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('conditions'))),
          );
        })
        .catch((e) => {
          if (e instanceof ApiError && e.fields) setErrors(e.fields);
          setCount('—');
        });
    }, 350);
    return () => clearTimeout(timer);
  }, [key]);
  const save = async () => {
    try {
      const body = { name, conditions };
      if (segment) await call(segmentsEndpoints.update, { params: { id: segment.id }, body });
      else await call(segmentsEndpoints.create, { body });
      notify('Segment saved', { type: 'success' });
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{segment ? 'Edit segment' : 'New segment'}</DialogTitle>
      <DialogContent>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          fullWidth
          margin="dense"
          autoFocus
        />
        <Alert severity="info" sx={{ my: 1 }} aria-live="polite">
          Members matching now:{' '}
          <strong data-testid="segment-count">
            {typeof count === 'number' ? formatCount(count) : (count ?? '…')}
          </strong>
        </Alert>
        <SegmentBuilder values={values} onChange={setValues} errors={errors} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save segment
        </Button>
      </DialogActions>
    </Dialog>
  );
}
