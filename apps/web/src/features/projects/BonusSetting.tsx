import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime, todayInIndia } from '@app/contract/format';
import { projectsEndpoints } from '@app/contract/projects';
import {
  Box,
  Button,
  Chip,
  Collapse,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DayPicker } from '../../components/DayPicker';
import { useEndpoint } from '../../components/use-api-get';

const e = projectsEndpoints;

/** The project bonus in force, its history, and (with the action) a new value from a date. */
export function BonusSetting() {
  const { can } = useProfile();
  const notify = useNotify();
  const { data, reload } = useEndpoint(e.bonusSettings);
  const [points, setPoints] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(todayInIndia());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showHistory, setShowHistory] = useState(false);
  const current = data?.find((r) => r.current);

  const save = async () => {
    const n = Number(points);
    if (points.trim() === '' || !Number.isInteger(n)) {
      setErrors({ points: 'Enter the bonus as a whole number of points' });
      return;
    }
    try {
      setErrors({});
      await call(e.setBonus, { body: { points: n, effectiveFrom } });
      notify('Project bonus saved', { type: 'success' });
      setPoints('');
      reload();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    }
  };

  return (
    <Paper sx={{ p: 2, my: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography>
          Bonus on approval:{' '}
          <strong data-testid="bonus-in-force">
            {current ? `${formatCount(current.points)} points` : 'none set'}
          </strong>
        </Typography>
        {data && data.length > 0 && (
          <Button size="small" onClick={() => setShowHistory((v) => !v)}>
            {showHistory ? 'Hide history' : 'History'}
          </Button>
        )}
      </Stack>
      {can(actionOf(e.setBonus)) && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1, mt: 2 }}
        >
          <TextField
            label="Bonus points"
            size="small"
            fullWidth={false}
            sx={{ width: 160 }}
            type="number"
            value={points}
            onChange={(e) => setPoints(e.target.value)}
            error={Boolean(errors.points)}
            helperText={errors.points}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
          <DayPicker
            label="Effective from"
            size="small"
            value={effectiveFrom}
            onChange={setEffectiveFrom}
            error={Boolean(errors.effectiveFrom)}
            helperText={errors.effectiveFrom}
          />
          <Button variant="contained" onClick={save}>
            Save bonus
          </Button>
        </Stack>
      )}
      <Collapse in={showHistory}>
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['Points', 'Effective from', 'Set by', 'Set on', ''].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((r) => (
                <TableRow key={r.id} selected={r.current}>
                  <TableCell>{formatCount(r.points)}</TableCell>
                  <TableCell>{formatDateTime(r.effectiveFrom)}</TableCell>
                  <TableCell>{r.createdByName ?? '—'}</TableCell>
                  <TableCell>{formatDateTime(r.createdAt)}</TableCell>
                  <TableCell>{r.current && <Chip size="small" color="success" label="In force" />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Collapse>
    </Paper>
  );
}
