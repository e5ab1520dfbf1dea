import {
  DAMAGE_REASON_LABELS,
  type DamagedCreateBody,
  damagedCouponsEndpoints,
} from '@app/contract/damaged-coupons';
import type { EndpointQuery } from '@app/contract/endpoint';
import type { UploadResult } from '@app/contract/uploads';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ApiError, call, uploadFile } from '../../app/api';
import { downloadFrom } from '../../components/download';
import { SpreadsheetPicker } from '../../components/SpreadsheetPicker';
import { UploadOutcome } from '../../components/UploadOutcome';

type Mode = 'single' | 'range' | 'upload';
const reasons = Object.entries(DAMAGE_REASON_LABELS);

async function uploadPhoto(photo: File | null): Promise<number | null> {
  if (!photo) return null;
  return (await uploadFile(photo, 'damaged_photo')).id;
}

/** Report damaged coupons: one (code or serial), a serial range, or an uploaded list; reason and photo. */
export function DamagedReportForm() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [mode, setMode] = useState<Mode>('single');
  const [v, setV] = useState<Record<string, string>>({ reason: 'torn' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [list, setList] = useState<File | null>(null);
  const [applyValid, setApplyValid] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<UploadResult | null>(null);
  const set = (name: string) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setV((x) => ({ ...x, [name]: e.target.value }));
  const num = (s: string | undefined) => (s ? Number(s) : null);

  const submit = async () => {
    setErrors({});
    setMessage('');
    setOutcome(null);
    try {
      const photoFileId = await uploadPhoto(photo);
      if (mode === 'upload') {
        if (!list) return setErrors({ file: 'Choose a spreadsheet' });
        const body = new FormData();
        body.append('file', list);
        const query = {
          reason: v.reason,
          note: v.note,
          photoFileId: photoFileId ?? undefined,
          applyValid: String(applyValid),
        };
        const { upload } = await call(damagedCouponsEndpoints.upload, {
          body,
          query: query as EndpointQuery<typeof damagedCouponsEndpoints.upload>,
        });
        setOutcome(upload);
        if (upload.rowsApplied === 0) return;
      } else {
        const serial = /^\d+$/.test(v.code ?? '') ? Number(v.code) : null;
        const body =
          mode === 'single'
            ? { mode, code: serial ? null : v.code, serial, reason: v.reason, note: v.note, photoFileId }
            : {
                mode,
                fromSerial: num(v.fromSerial),
                toSerial: num(v.toSerial),
                reason: v.reason,
                note: v.note,
                photoFileId,
              };
        await call(damagedCouponsEndpoints.create, { body: body as DamagedCreateBody });
      }
      notify('Reported: another person must approve it', { type: 'success' });
      setV({ reason: v.reason ?? 'torn' });
      refresh();
    } catch (error) {
      if (error instanceof ApiError && error.fields)
        setErrors({ ...error.fields, serial: error.fields.serial ?? '' });
      setMessage(error instanceof Error ? error.message : 'Something went wrong');
    }
  };
  const field = (name: string, label: string, errorKey = name) => (
    <TextField
      label={label}
      name={name}
      value={v[name] ?? ''}
      onChange={set(name)}
      error={Boolean(errors[errorKey])}
      helperText={errors[errorKey]}
    />
  );

  return (
    <Paper sx={{ p: 2, maxWidth: 720, mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Report damaged coupons
      </Typography>
      <Stack spacing={2}>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_e, m) => m && setMode(m)}>
          <ToggleButton value="single">Single</ToggleButton>
          <ToggleButton value="range">Range</ToggleButton>
          <ToggleButton value="upload">Upload list</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'single' && field('code', 'Code or serial', errors.serial ? 'serial' : 'code')}
        {mode === 'range' && (
          <Stack direction="row" spacing={2}>
            {field('fromSerial', 'From serial')}
            {field('toSerial', 'To serial')}
          </Stack>
        )}
        {mode === 'upload' && (
          <Box>
            <SpreadsheetPicker
              file={list}
              onFile={setList}
              onTemplate={() =>
                downloadFrom(damagedCouponsEndpoints.template, 'damaged-coupons-template.xlsx')
              }
              label="Damaged coupon list"
            />
            {errors.file && (
              <Typography variant="body2" color="error">
                {errors.file}
              </Typography>
            )}
            <FormControlLabel
              sx={{ display: 'block' }}
              control={<Switch checked={applyValid} onChange={(e) => setApplyValid(e.target.checked)} />}
              label="Apply valid rows"
            />
          </Box>
        )}
        <TextField
          select
          label="Reason"
          value={v.reason}
          onChange={set('reason')}
          error={Boolean(errors.reason)}
          helperText={errors.reason}
        >
          {reasons.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {field('note', 'Note (optional)')}
        <Box>
          <Button variant="outlined" component="label">
            Photo (optional)
            <input
              hidden
              type="file"
              accept="image/*"
              aria-label="Photo"
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" component="span" sx={{ ml: 2 }}>
            {photo?.name ?? errors.photoFileId ?? ''}
          </Typography>
        </Box>
        {message && <Alert severity="error">{message}</Alert>}
        {outcome && (
          <UploadOutcome
            result={outcome}
            errors={damagedCouponsEndpoints.uploadErrors}
            fileName="damaged-coupons-upload-errors.xlsx"
          />
        )}
        <Box>
          <Button variant="contained" onClick={submit}>
            Report
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
