import { actionOf, type EndpointBody, endpointPath, resourceOf } from '@app/contract/endpoint';
import {
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_NEXT,
  FEEDBACK_PAGE,
  FEEDBACK_STATE_LABELS,
  type FeedbackDetail,
  feedbackEndpoints,
} from '@app/contract/feedback';
import { formatDateTime } from '@app/contract/format';
import ListIcon from '@mui/icons-material/List';
import {
  Alert,
  Box,
  Chip,
  Button as MuiButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Button, ResourceContextProvider, useNotify } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { AttachmentStrip } from '../../components/AttachmentStrip';
import { AuditHistory } from '../../components/audit/AuditHistory';
import { pageTitle } from '../../components/list/ListPage';
import { useEndpoint } from '../../components/use-api-get';
import { useRowAction } from '../../components/use-row-action';
import { stars } from './feedback-columns';
import { feedbackPaths } from './feedback-paths';

const e = feedbackEndpoints;
const STATE_COLOURS = { open: 'warning', in_progress: 'info', resolved: 'success' } as const;

/** One feedback: the member's message and attachments, the conversation, a reply, the next state. */
export function FeedbackShow() {
  const { id = '' } = useParams();
  const { data: f, error, reload } = useEndpoint(e.one, { params: { id } });
  const history = useEndpoint(e.history, { params: { id } });
  const refresh = () => {
    reload();
    history.reload();
  };
  const back = (
    <Button label={`Back to ${pageTitle(FEEDBACK_PAGE)}`} component={Link} to={feedbackPaths.list}>
      <ListIcon />
    </Button>
  );
  if (error)
    return (
      <>
        {back}
        <Alert severity="error">{error}</Alert>
      </>
    );
  if (!f) return null;
  const rows: [string, ReactNode][] = [
    ['Member', `${f.memberName} (${f.memberCode}), ${f.memberMobile}`],
    ['Category', FEEDBACK_CATEGORY_LABELS[f.category]],
    ['Rating', `${stars(f.rating)} (${f.rating} of 5)`],
    ['Received', formatDateTime(f.createdAt)],
    [
      'State',
      <Chip key="s" size="small" label={FEEDBACK_STATE_LABELS[f.state]} color={STATE_COLOURS[f.state]} />,
    ],
  ];
  return (
    <>
      {back}
      <Typography variant="h5" component="h1">
        Feedback #{f.id}
      </Typography>
      <Paper sx={{ p: 2, mt: 1 }}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ maxWidth: 720 }}>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" sx={{ fontWeight: 600, width: 140 }}>
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 2 }}>{f.message}</Typography>
        <AttachmentStrip
          files={f.attachments}
          pathOf={(fileId) => endpointPath(e.attachment, { id: f.id, fileId })}
          label="Attachment"
          fileName={`feedback-${f.id}-attachment`}
          sx={{ mb: 2 }}
        />
        <MoveState feedback={f} onDone={refresh} />
      </Paper>
      <Typography variant="h6" sx={{ mt: 2 }}>
        Replies
      </Typography>
      <Paper sx={{ p: 2 }}>
        {f.replies.length === 0 && <Typography>No replies yet.</Typography>}
        <Stack spacing={1.5}>
          {f.replies.map((r) => (
            <Box key={r.id} data-testid="feedback-reply">
              <Typography variant="caption" color="text.secondary">
                {r.staffName ?? 'Staff'} · {formatDateTime(r.createdAt)}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.text}</Typography>
            </Box>
          ))}
        </Stack>
        <ReplyForm feedbackId={f.id} onDone={refresh} />
      </Paper>
      <Typography variant="h6" sx={{ mt: 2 }}>
        History
      </Typography>
      <ResourceContextProvider value={resourceOf(e.list)}>
        <AuditHistory entity="feedback" entityId={String(f.id)} recent={history.data} />
      </ResourceContextProvider>
    </>
  );
}

/** The next step of `open → in_progress → resolved`, with a confirmation. */
function MoveState({ feedback, onDone }: { feedback: FeedbackDetail; onDone: () => void }) {
  const next = FEEDBACK_NEXT[feedback.state];
  const label = next === 'in_progress' ? 'Start working on it' : 'Mark resolved';
  const move = useRowAction({
    action: actionOf(e.move),
    title: `${label}?`,
    text: `The member sees the feedback as “${next ? FEEDBACK_STATE_LABELS[next] : ''}” in the app.`,
    verb: label,
    run: () =>
      call(e.move, { params: { id: feedback.id }, body: { to: next as EndpointBody<typeof e.move>['to'] } }),
    done: (res) => {
      onDone();
      return `Feedback is now ${FEEDBACK_STATE_LABELS[res.state].toLowerCase()}`;
    },
  });
  if (!next || !move.allowed) return null;
  return (
    <>
      <MuiButton variant="outlined" onClick={move.open}>
        {label}
      </MuiButton>
      {move.dialog}
    </>
  );
}

function ReplyForm({ feedbackId, onDone }: { feedbackId: number; onDone: () => void }) {
  const { can } = useProfile();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!can(actionOf(e.reply))) return null;
  const send = async () => {
    if (!text.trim()) {
      setFieldError('Write the reply');
      return;
    }
    setBusy(true);
    try {
      setFieldError(undefined);
      await call(e.reply, { params: { id: feedbackId }, body: { text } });
      notify('Reply sent: the member sees it in the app', { type: 'success' });
      setText('');
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.fields?.text) setFieldError(e.fields.text);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 2, maxWidth: 640 }}>
      <TextField
        label="Reply (the member sees it in the app)"
        multiline
        minRows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError}
      />
      <Box>
        <MuiButton variant="contained" onClick={send} disabled={busy}>
          Send reply
        </MuiButton>
      </Box>
    </Stack>
  );
}
