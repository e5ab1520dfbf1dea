import { MESSAGE_CHANNELS, type MessageTemplateRow, messagesEndpoints } from '@app/contract/messages';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';

const LANGUAGES: Record<string, string> = {
  en: 'English',
  hi: 'हिन्दी (Hindi)',
  mr: 'मराठी (Marathi)',
  gu: 'ગુજરાતી (Gujarati)',
  ta: 'தமிழ் (Tamil)',
};

/** Manage Notification → Templates: each event's text per channel and language, and its DLT id. */
export function TemplatesTab() {
  const { can } = useProfile();
  const [rows, setRows] = useState<MessageTemplateRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [channel, setChannel] = useState<string>('sms');
  const [editing, setEditing] = useState<MessageTemplateRow | null>(null);
  const load = useCallback(() => {
    call(messagesEndpoints.templates, {})
      .then(setRows)
      .catch((e: Error) => setError(e.message));
  }, []);
  useEffect(load, [load]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!rows) return <Typography>Loading templates…</Typography>;
  const shown = rows.filter((r) => r.channel === channel);
  return (
    <Box>
      <TextField
        select
        size="small"
        label="Channel"
        value={channel}
        onChange={(e) => setChannel(e.target.value)}
        sx={{ mb: 2, minWidth: 160 }}
      >
        {MESSAGE_CHANNELS.map((c) => (
          <MenuItem key={c} value={c}>
            {c === 'sms' ? 'SMS' : c === 'whatsapp' ? 'WhatsApp' : 'Push'}
          </MenuItem>
        ))}
      </TextField>
      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          '& td, & th': {
            p: 1,
            borderBottom: 1,
            borderColor: 'divider',
            textAlign: 'left',
            verticalAlign: 'top',
          },
        }}
      >
        <thead>
          <tr>
            <th>Event</th>
            <th>Language</th>
            <th>Text</th>
            {channel === 'sms' && <th>DLT template id</th>}
            <th />
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.id}>
              <td>{r.key}</td>
              <td lang={r.language}>{LANGUAGES[r.language] ?? r.language}</td>
              <td lang={r.language}>{r.body}</td>
              {channel === 'sms' && <td>{r.dltTemplateId ?? '—'}</td>}
              <td>
                {can('messages.templates') && (
                  <Button
                    size="small"
                    onClick={() => setEditing(r)}
                    aria-label={`Edit ${r.key} ${r.language}`}
                  >
                    Edit
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
      {editing && (
        <EditTemplateDialog
          row={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) load();
          }}
        />
      )}
    </Box>
  );
}

function EditTemplateDialog({
  row,
  onClose,
}: {
  row: MessageTemplateRow;
  onClose: (saved: boolean) => void;
}) {
  const notify = useNotify();
  const [body, setBody] = useState(row.body);
  const [dlt, setDlt] = useState(row.dltTemplateId ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await call(messagesEndpoints.updateTemplate, {
        params: { id: row.id },
        body: { body, dltTemplateId: row.channel === 'sms' ? dlt : null },
      });
      notify('Template saved', { type: 'success' });
      onClose(true);
    } catch (e) {
      setFields(e instanceof ApiError && e.fields ? e.fields : { body: (e as Error).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitleWithClose onClose={() => onClose(false)}>
        {row.key} · {row.channel} · {LANGUAGES[row.language] ?? row.language}
      </DialogTitleWithClose>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Variables: {row.variables.map((v) => `{${v}}`).join(', ') || 'none'}
        </Typography>
        <TextField
          label="Text"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          error={Boolean(fields.body)}
          helperText={fields.body ?? ' '}
          slotProps={{ htmlInput: { lang: row.language } }}
        />
        {row.channel === 'sms' && (
          <TextField
            label="DLT template id"
            value={dlt}
            onChange={(e) => setDlt(e.target.value)}
            fullWidth
            error={Boolean(fields.dltTemplateId)}
            helperText={fields.dltTemplateId ?? 'The 19-digit id of this text registered with DLT'}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button onClick={save} disabled={saving} variant="contained">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
