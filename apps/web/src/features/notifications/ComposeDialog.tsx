import type { EndpointBody } from '@app/contract/endpoint';
import { INDIAN_STATES, MEMBER_TYPES } from '@app/contract/members';
import {
  type AudienceKind,
  type AudienceUploadResult,
  notificationsEndpoints,
} from '@app/contract/notifications';
import { segmentsEndpoints } from '@app/contract/segments';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, call, uploadFile } from '../../app/api';
import { DateTimePicker } from '../../components/DateTimePicker';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';
import { downloadFrom } from '../../components/download';
import { SpreadsheetPicker } from '../../components/SpreadsheetPicker';
import { UploadErrors } from '../../components/UploadErrors';
import { useEndpoint } from '../../components/use-api-get';

const typeLabel = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

async function uploadImage(image: File | null): Promise<number | null> {
  if (!image) return null;
  return (await uploadFile(image, 'notification_image')).id;
}

/**
 * Compose a notification: title, message, image, link; the audience (everyone, member types,
 * states, or an uploaded list of member codes or mobiles); now or at an India date and time.
 */
export function ComposeDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [v, setV] = useState({ title: '', body: '', link: '', sendAt: '' });
  const [kind, setKind] = useState<AudienceKind>('all');
  const [types, setTypes] = useState<string[]>([]);
  const [states, setStates] = useState<string[]>([]);
  const [segment, setSegment] = useState({ segmentId: '', holdoutPercent: '10', windowDays: '14' });
  const segments = useEndpoint(segmentsEndpoints.options);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [image, setImage] = useState<File | null>(null);
  const [list, setList] = useState<File | null>(null);
  const [upload, setUpload] = useState<AudienceUploadResult | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setV((x) => ({ ...x, [name]: e.target.value }));

  const sendList = async (applyValid: boolean) => {
    if (!list) return;
    setBusy(true);
    setProblem(null);
    const body = new FormData();
    body.append('file', list);
    try {
      setUpload(
        await call(notificationsEndpoints.audience.upload, {
          body,
          query: { applyValid: applyValid ? 'true' : 'false' },
        }),
      );
    } catch (e) {
      setProblem(e instanceof ApiError ? (e.fields?.file ?? e.message) : 'Upload failed');
    } finally {
      setBusy(false);
    }
  };

  const audience = () => {
    if (kind === 'types') return { kind, types };
    if (kind === 'states') return { kind, states };
    if (kind === 'list') return { kind, uploadId: upload?.uploadId ?? 0 };
    if (kind === 'segment')
      return {
        kind,
        segmentId: Number(segment.segmentId) || 0,
        holdoutPercent: Number(segment.holdoutPercent || 0),
        windowDays: Number(segment.windowDays || 14),
      };
    return { kind };
  };

  const submit = async () => {
    setErrors({});
    setProblem(null);
    if (when === 'later' && !v.sendAt) return setErrors({ sendAt: 'Choose the date and time (IST)' });
    if (kind === 'list' && !upload?.uploadId)
      return setErrors({ 'audience.uploadId': 'Upload the list of member codes or mobiles first' });
    setBusy(true);
    try {
      const imageFileId = await uploadImage(image);
      const row = await call(notificationsEndpoints.create, {
        body: {
          title: v.title,
          body: v.body,
          link: v.link || null,
          imageFileId,
          audience: audience() as EndpointBody<typeof notificationsEndpoints.create>['audience'],
          sendAt: when === 'later' ? v.sendAt : null,
        },
      });
      notify(
        row.state === 'scheduled' && when === 'later'
          ? 'Notification scheduled'
          : 'Notification is being sent',
        {
          type: 'success',
        },
      );
      refresh();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      setProblem(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  const audienceError =
    errors['audience.types'] ??
    errors['audience.states'] ??
    errors['audience.uploadId'] ??
    errors['audience.segmentId'] ??
    errors['audience.holdoutPercent'] ??
    errors['audience.windowDays'] ??
    errors.audience;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitleWithClose onClose={onClose} disabled={busy}>
        Compose notification
      </DialogTitleWithClose>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Title"
            value={v.title}
            onChange={set('title')}
            error={Boolean(errors.title)}
            helperText={errors.title}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label="Message"
            value={v.body}
            onChange={set('body')}
            multiline
            minRows={3}
            error={Boolean(errors.body)}
            helperText={errors.body}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            label="Link (optional)"
            placeholder="https://… or an app screen such as /catalogue"
            value={v.link}
            onChange={set('link')}
            error={Boolean(errors.link)}
            helperText={errors.link}
          />
          <Box>
            <Button variant="outlined" component="label">
              Choose image (optional)
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-label="Notification image"
                onChange={(e) => setImage(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="body2" component="span" sx={{ ml: 2 }}>
              {image?.name ?? 'No image'}
            </Typography>
            {(errors.imageFileId || errors.file) && (
              <FormHelperText error>{errors.imageFileId ?? errors.file}</FormHelperText>
            )}
          </Box>

          <FormControl error={Boolean(audienceError)}>
            <FormLabel id="audience-label">Audience</FormLabel>
            <RadioGroup
              row
              aria-labelledby="audience-label"
              value={kind}
              onChange={(e) => setKind(e.target.value as AudienceKind)}
            >
              <FormControlLabel value="all" control={<Radio />} label="All members" />
              <FormControlLabel value="types" control={<Radio />} label="Member types" />
              <FormControlLabel value="states" control={<Radio />} label="States" />
              <FormControlLabel value="list" control={<Radio />} label="Uploaded list" />
              <FormControlLabel value="segment" control={<Radio />} label="Segment" />
            </RadioGroup>
            {kind === 'segment' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                <TextField
                  select
                  label="Segment"
                  value={segment.segmentId}
                  onChange={(e) => setSegment((s) => ({ ...s, segmentId: e.target.value }))}
                  helperText={segments.error ?? 'Frozen as a list of members when you send'}
                  sx={{ minWidth: 220 }}
                >
                  {(segments.data ?? []).map((o) => (
                    <MenuItem key={o.id} value={String(o.id)}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Holdout (%)"
                  type="number"
                  value={segment.holdoutPercent}
                  onChange={(e) => setSegment((s) => ({ ...s, holdoutPercent: e.target.value }))}
                  helperText="Kept out, to measure the lift"
                />
                <TextField
                  label="Measure over (days)"
                  type="number"
                  value={segment.windowDays}
                  onChange={(e) => setSegment((s) => ({ ...s, windowDays: e.target.value }))}
                />
              </Stack>
            )}
            {kind === 'types' && (
              <FormGroup row role="group" aria-label="Choose member types">
                {MEMBER_TYPES.map((t) => (
                  <FormControlLabel
                    key={t}
                    label={typeLabel(t)}
                    control={
                      <Checkbox
                        checked={types.includes(t)}
                        onChange={(e) =>
                          setTypes((x) => (e.target.checked ? [...x, t] : x.filter((y) => y !== t)))
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
            {kind === 'states' && (
              <Autocomplete
                multiple
                options={[...INDIAN_STATES]}
                value={states}
                onChange={(_e, value) => setStates(value)}
                renderInput={(params) => <TextField {...params} label="States" />}
                sx={{ mt: 1 }}
              />
            )}
            {kind === 'list' && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  One member per row: member code (e.g. M000042) or 10-digit mobile.
                </Typography>
                <SpreadsheetPicker
                  file={list}
                  onFile={(f) => {
                    setList(f);
                    setUpload(null);
                  }}
                  onTemplate={() =>
                    downloadFrom(
                      notificationsEndpoints.audience.template,
                      'notification-members-template.xlsx',
                    )
                  }
                  label="Member list spreadsheet"
                />
                {list && !upload && (
                  <Button variant="contained" disabled={busy} onClick={() => sendList(false)}>
                    Check list
                  </Button>
                )}
                {upload && (
                  <Stack spacing={1}>
                    {upload.uploadId ? (
                      <Alert severity={upload.errorsTotal ? 'warning' : 'success'}>
                        {upload.members} members on the list
                        {upload.errorsTotal ? `; ${upload.errorsTotal} rows left out` : ''}.
                      </Alert>
                    ) : (
                      <Alert severity="error">
                        The list has errors: {upload.rowsValid} of {upload.rowsTotal} rows are valid. Fix the
                        file, or keep the valid rows only.
                      </Alert>
                    )}
                    <UploadErrors errors={upload.errors} />
                    <Stack direction="row" spacing={1}>
                      {upload.errorReportId && (
                        <Button
                          onClick={() =>
                            downloadFrom(
                              notificationsEndpoints.audience.errors,
                              'notification-audience-errors.xlsx',
                              { id: upload.errorReportId! },
                            )
                          }
                        >
                          Download error report
                        </Button>
                      )}
                      {!upload.uploadId && upload.rowsValid > 0 && (
                        <Button
                          variant="contained"
                          color="warning"
                          disabled={busy}
                          onClick={() => sendList(true)}
                        >
                          Apply valid rows
                        </Button>
                      )}
                    </Stack>
                  </Stack>
                )}
              </Box>
            )}
            {audienceError && <FormHelperText>{audienceError}</FormHelperText>}
          </FormControl>

          <FormControl>
            <FormLabel id="when-label">When</FormLabel>
            <RadioGroup
              row
              aria-labelledby="when-label"
              value={when}
              onChange={(e) => setWhen(e.target.value as 'now' | 'later')}
            >
              <FormControlLabel value="now" control={<Radio />} label="Send now" />
              <FormControlLabel value="later" control={<Radio />} label="Schedule" />
            </RadioGroup>
            {when === 'later' && (
              <DateTimePicker
                label="Send at"
                value={v.sendAt}
                onChange={(sendAt) => setV((x) => ({ ...x, sendAt }))}
                error={Boolean(errors.sendAt)}
                helperText={errors.sendAt ?? 'India time'}
              />
            )}
          </FormControl>
          {busy && <LinearProgress aria-label="Working" />}
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy} onClick={submit}>
          {when === 'later' ? 'Schedule' : 'Send now'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
