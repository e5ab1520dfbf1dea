import { formatCount, shiftDay, todayInIndia } from '@app/contract/format';
import {
  basisPointsOf,
  GAME_ENTITY,
  GAME_KIND_LABELS,
  GAME_KINDS,
  GAME_MESSAGES,
  GAMES_PAGE,
  type GameInput,
  type GameRow,
  gamesEndpoints,
  MAX_PRIZES,
  PROBABILITY_TOTAL,
  percentOf,
} from '@app/contract/games';
import { segmentsEndpoints } from '@app/contract/segments';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, call } from '../../app/api';
import { RecordHistory } from '../../components/audit/RecordHistory';
import { DayPicker } from '../../components/DayPicker';
import { useEndpoint } from '../../components/use-api-get';

export const gamePaths = {
  list: GAMES_PAGE,
  create: `${GAMES_PAGE}/create`,
  edit: (id: number | string) => `${GAMES_PAGE}/${id}/edit`,
};

interface PrizeForm {
  label: string;
  points: string;
  /** Percent as typed, e.g. `12.5`. */
  percent: string;
}

interface Form {
  name: string;
  kind: string;
  startsOn: string;
  endsOn: string;
  playsPerDay: string;
  prizeBudgetPoints: string;
  /** A new game may be aimed at a segment ('' none), with a holdout share. */
  segmentId: string;
  holdoutPercent: string;
  prizes: PrizeForm[];
}

const fromRow = (g?: GameRow): Form => ({
  name: g?.name ?? '',
  kind: g?.kind ?? 'spin_wheel',
  startsOn: g?.startsOn ?? todayInIndia(),
  endsOn: g?.endsOn ?? shiftDay(todayInIndia(), 30),
  playsPerDay: String(g?.playsPerDay ?? 1),
  prizeBudgetPoints: g?.prizeBudgetPoints == null ? '' : String(g.prizeBudgetPoints),
  segmentId: '',
  holdoutPercent: '0',
  prizes: g?.prizes.map((p) => ({
    label: p.label,
    points: String(p.points),
    percent: String(p.probability / 100),
  })) ?? [
    { label: 'Better luck next time', points: '0', percent: '50' },
    { label: '10 points', points: '10', percent: '50' },
  ],
});

/** The whole number typed, or the text itself so the server names the field. */
const numberOf = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/** Sum of the typed probabilities in basis points; null while one of them is not a percentage. */
const totalOf = (prizes: PrizeForm[]) => {
  let sum = 0;
  for (const p of prizes) {
    const bp = basisPointsOf(p.percent);
    if (bp === null) return null;
    sum += bp;
  }
  return sum;
};

/** New game (`<page>/create`) with its prize table. */
export function GameCreate() {
  return (
    <>
      <Typography variant="h5" component="h1">
        New game
      </Typography>
      <GameForm />
    </>
  );
}

/** Edit a game (`<page>/:id/edit`), with its history below. */
export function GameEdit() {
  const { id = '' } = useParams();
  const { data, error, reload } = useEndpoint(gamesEndpoints.one, { params: { id } });
  return (
    <>
      <Typography variant="h5" component="h1">
        {data ? `Edit ${data.name}` : 'Edit game'}
      </Typography>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {data &&
        (data.status === 'archived' ? (
          <Alert severity="info">This game is archived; it can no longer be edited.</Alert>
        ) : (
          <GameForm game={data} />
        ))}
      {id && <RecordHistory entity={GAME_ENTITY} id={id} history={gamesEndpoints.history} />}
    </>
  );
}

/**
 * Create or edit a game with its prize table. The running total of the probabilities is shown as
 * they are typed; anything but exactly 100% is refused before sending (and by the server).
 */
function GameForm({ game }: { game?: GameRow }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const back = () => navigate(gamePaths.list);
  const [form, setForm] = useState<Form>(fromRow(game));
  const segments = useEndpoint(segmentsEndpoints.options);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const setPrize = (i: number, patch: Partial<PrizeForm>) =>
    set({ prizes: form.prizes.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const total = totalOf(form.prizes);
  const exact = total === PROBABILITY_TOTAL;

  const save = async () => {
    const local: Record<string, string> = {};
    form.prizes.forEach((p, i) => {
      if (basisPointsOf(p.percent) === null)
        local[`prizes.${i}.probability`] = 'A percentage, at most two decimals';
    });
    if (total !== null && total !== PROBABILITY_TOTAL) local.prizes = GAME_MESSAGES.total(total);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const body = {
        name: form.name,
        kind: form.kind,
        startsOn: form.startsOn,
        endsOn: form.endsOn,
        playsPerDay: numberOf(form.playsPerDay),
        prizeBudgetPoints: form.prizeBudgetPoints.trim() === '' ? null : numberOf(form.prizeBudgetPoints),
        target:
          !game && form.segmentId
            ? { segmentId: Number(form.segmentId), holdoutPercent: numberOf(form.holdoutPercent) }
            : undefined,
        prizes: form.prizes.map((p) => ({
          label: p.label,
          points: numberOf(p.points),
          probability: basisPointsOf(p.percent),
        })),
      } as GameInput; // blanks go as null: the server answers each with its field message
      if (game) await call(gamesEndpoints.update, { params: { id: game.id }, body });
      else await call(gamesEndpoints.create, { body });
      notify(game ? 'Game saved' : 'Game created', { type: 'success' });
      back();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      else notify(e instanceof Error ? e.message : 'Something went wrong', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: 'name' | 'playsPerDay' | 'prizeBudgetPoints' | 'holdoutPercent') => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const prizeError = (i: number, key: string) => errors[`prizes.${i}.${key}`];

  return (
    <Box
      component="form"
      aria-label={game ? `Edit ${game.name}` : 'New game'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ maxWidth: 900, mt: 2 }}
    >
      <Stack spacing={2}>
        <TextField label="Name" {...field('name')} />
        {!game && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Segment (none = every member)"
              value={form.segmentId}
              onChange={(e) => set({ segmentId: e.target.value })}
              error={Boolean(errors['target.segmentId'])}
              helperText={errors['target.segmentId'] ?? segments.error ?? 'Frozen when the game is created'}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">None</MenuItem>
              {(segments.data ?? []).map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            {form.segmentId && <TextField label="Holdout (%)" type="number" {...field('holdoutPercent')} />}
          </Stack>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Kind"
            value={form.kind}
            onChange={(e) => set({ kind: e.target.value })}
            error={Boolean(errors.kind)}
            helperText={errors.kind}
            sx={{ minWidth: 180 }}
          >
            {GAME_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {GAME_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Plays per member per day"
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
            {...field('playsPerDay')}
          />
          <TextField
            label="Prize budget (points)"
            type="number"
            slotProps={{ htmlInput: { min: 1 } }}
            {...field('prizeBudgetPoints')}
            helperText={
              errors.prizeBudgetPoints ??
              (game?.prizeBudgetPoints
                ? `${formatCount(game.prizeBudgetSpent)} paid so far; empty: no budget`
                : 'Empty: no budget')
            }
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['startsOn', 'endsOn'] as const).map((name) => (
            <DayPicker
              key={name}
              label={name === 'startsOn' ? 'Starts on' : 'Ends on'}
              value={form[name]}
              onChange={(day) => set({ [name]: day })}
              error={Boolean(errors[name])}
              helperText={errors[name]}
            />
          ))}
        </Stack>

        <Typography variant="subtitle1" component="h2">
          Prize table
        </Typography>
        {form.prizes.map((p, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is the identity
            key={i}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr 1fr auto', sm: '3fr 1fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              label="Prize label"
              size="small"
              value={p.label}
              onChange={(e) => setPrize(i, { label: e.target.value })}
              error={Boolean(prizeError(i, 'label'))}
              helperText={prizeError(i, 'label')}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              slotProps={{ htmlInput: { 'aria-label': `Prize ${i + 1} label` } }}
            />
            <TextField
              label="Points"
              size="small"
              type="number"
              value={p.points}
              onChange={(e) => setPrize(i, { points: e.target.value })}
              error={Boolean(prizeError(i, 'points'))}
              helperText={prizeError(i, 'points')}
              slotProps={{ htmlInput: { min: 0, 'aria-label': `Prize ${i + 1} points` } }}
            />
            <TextField
              label="Probability %"
              size="small"
              value={p.percent}
              onChange={(e) => setPrize(i, { percent: e.target.value })}
              error={Boolean(prizeError(i, 'probability'))}
              helperText={prizeError(i, 'probability')}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'aria-label': `Prize ${i + 1} probability` },
              }}
            />
            <IconButton
              aria-label={`Remove prize ${i + 1}`}
              disabled={form.prizes.length === 1}
              onClick={() => set({ prizes: form.prizes.filter((_, j) => j !== i) })}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            startIcon={<AddIcon />}
            disabled={form.prizes.length >= MAX_PRIZES}
            onClick={() => set({ prizes: [...form.prizes, { label: '', points: '0', percent: '0' }] })}
          >
            Add prize
          </Button>
          <Typography
            role="status"
            aria-live="polite"
            data-testid="probability-total"
            color={exact ? 'success.main' : 'error.main'}
            sx={{ fontWeight: 600 }}
          >
            Total: {total === null ? '—' : percentOf(total)} {exact ? '✓' : '(must be exactly 100%)'}
          </Typography>
        </Stack>
        {errors.prizes && <Alert severity="error">{errors.prizes}</Alert>}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" type="submit" disabled={saving}>
          Save game
        </Button>
        <Button onClick={back}>Cancel</Button>
      </Stack>
    </Box>
  );
}
