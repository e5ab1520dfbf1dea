import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDay } from '@app/contract/format';
import {
  GAME_KIND_LABELS,
  GAME_KINDS,
  GAME_PHASES,
  GAMES_PAGE,
  type GameRow,
  gamesEndpoints,
  percentOf,
} from '@app/contract/games';
import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Dialog, DialogContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { FunctionField, NumberInput, SearchInput, SelectInput, TextField } from 'react-admin';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { AuditHistory } from '../../components/audit/AuditHistory';
import { DayInput } from '../../components/DayInput';
import { DialogTitleWithClose } from '../../components/DialogTitleWithClose';
import { CountField, DayField } from '../../components/fields';
import { gamePlayColumns, gamePlayCompact } from '../../components/game-play-columns';
import { ListPage } from '../../components/list/ListPage';
import { useEndpoint } from '../../components/use-api-get';
import { useRowAction } from '../../components/use-row-action';
import { GameCreate, GameEdit, gamePaths } from './GameForm';

const paths = { games: GAMES_PAGE, plays: `${GAMES_PAGE}/plays` };

const PHASE_COLOURS: Record<GameRow['phase'], 'success' | 'info' | 'default'> = {
  live: 'success',
  upcoming: 'info',
  ended: 'default',
  archived: 'default',
};

const prizeSummary = (g: GameRow) =>
  g.prizes.map((p) => `${p.label} (${formatCount(p.points)} pts, ${percentOf(p.probability)})`).join(' · ');

/** Games Points: the games with their prize tables, and every play, as two tabs. */
export default function GamesPointsPage() {
  return (
    <Routes>
      <Route index element={<WithTabs view={<GamesList />} />} />
      <Route path="plays" element={<WithTabs view={<PlayHistory />} />} />
      <Route path="create" element={<GameCreate />} />
      <Route path=":id/edit" element={<GameEdit />} />
    </Routes>
  );
}

function WithTabs({ view }: { view: ReactNode }) {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '').endsWith('/plays') ? paths.plays : paths.games;
  return (
    <>
      <Typography variant="h5" component="h1">
        Games Points
      </Typography>
      <Tabs value={current} sx={{ mb: 1 }}>
        <Tab label="Games" value={paths.games} component={Link} to={paths.games} />
        <Tab label="Play history" value={paths.plays} component={Link} to={paths.plays} />
      </Tabs>
      {view}
    </>
  );
}

const gameFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name" />,
  <SelectInput
    key="phase"
    source="phase"
    label="Today"
    alwaysOn
    choices={GAME_PHASES.map((p) => ({ id: p, name: p }))}
  />,
  <SelectInput
    key="kind"
    source="kind"
    choices={GAME_KINDS.map((k) => ({ id: k, name: GAME_KIND_LABELS[k] }))}
  />,
];

function GamesList() {
  const { can } = useProfile();
  return (
    <ListPage<GameRow>
      title={false}
      resource={resourceOf(gamesEndpoints.list)}
      exportName="games"
      filters={gameFilters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No games yet. Create a spin wheel or a scratch card with its prize table."
      actions={
        can(actionOf(gamesEndpoints.create)) && (
          <Button startIcon={<AddIcon />} component={Link} to={gamePaths.create}>
            New game
          </Button>
        )
      }
      compact={{
        primary: (g) => `${g.name} · ${g.phase}`,
        secondary: (g) =>
          `${GAME_KIND_LABELS[g.kind]} · ${g.playsPerDay}/day · ${formatDay(g.startsOn)} – ${formatDay(g.endsOn)}`,
        tertiary: (g) => `${formatCount(g.plays)} plays · ${formatCount(g.pointsWon)} points won`,
      }}
      rowClick={(id) => gamePaths.edit(id)}
      rowActions={(g) => <GameRowActions game={g} />}
      columns={[
        <TextField key="name" source="name" />,
        <FunctionField<GameRow> key="kind" label="Kind" render={(g) => GAME_KIND_LABELS[g.kind]} />,
        <DayField key="from" source="startsOn" label="From" />,
        <DayField key="to" source="endsOn" label="To" />,
        <CountField key="ppd" source="playsPerDay" label="Plays/day" sortable={false} />,
        <FunctionField<GameRow>
          key="prizes"
          label="Prizes"
          render={(g) => (
            <Typography variant="body2" sx={{ maxWidth: 360 }}>
              {prizeSummary(g)}
            </Typography>
          )}
        />,
        <CountField key="plays" source="plays" sortable={false} />,
        <CountField key="won" source="pointsWon" label="Points won" sortable={false} />,
        <FunctionField<GameRow>
          key="phase"
          label="Today"
          render={(g) => <Chip size="small" label={g.phase} color={PHASE_COLOURS[g.phase]} />}
        />,
      ]}
    />
  );
}

function HistoryDialog({ game, onClose }: { game: GameRow; onClose: () => void }) {
  const { data } = useEndpoint(gamesEndpoints.history, { params: { id: game.id } });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitleWithClose onClose={onClose}>History of {game.name}</DialogTitleWithClose>
      <DialogContent>
        <AuditHistory entity="game" entityId={String(game.id)} recent={data} />
      </DialogContent>
    </Dialog>
  );
}

function GameRowActions({ game }: { game: GameRow }) {
  const [history, setHistory] = useState(false);
  const archive = useRowAction({
    action: actionOf(gamesEndpoints.archive),
    title: `Archive ${game.name}?`,
    text: 'Members can no longer play it. Its plays stay in the history. This cannot be undone.',
    verb: 'Archive game',
    destructive: true,
    run: () => call(gamesEndpoints.archive, { params: { id: game.id } }),
    done: () => 'Game archived',
  });
  const open = game.status !== 'archived' && archive.allowed;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {open && (
        <Button size="small" component={Link} to={gamePaths.edit(game.id)}>
          Edit
        </Button>
      )}
      {open && (
        <Button size="small" color="error" onClick={archive.open}>
          Archive
        </Button>
      )}
      <Button size="small" onClick={() => setHistory(true)}>
        History
      </Button>
      {history && <HistoryDialog game={game} onClose={() => setHistory(false)} />}
      {archive.dialog}
    </Stack>
  );
}

function PlayHistory() {
  const { data } = useEndpoint(gamesEndpoints.list, { query: { perPage: 500 } });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Member name, mobile or code" />,
    <SelectInput
      key="gameId"
      source="gameId"
      label="Game"
      alwaysOn
      choices={(data?.rows ?? []).map((g) => ({ id: g.id, name: g.name }))}
    />,
    <NumberInput key="memberId" source="memberId" label="Member id" />,
    <DayInput key="from" source="from" label="From" />,
    <DayInput key="to" source="to" label="To" />,
  ];
  return (
    <ListPage
      title={false}
      resource={resourceOf(gamesEndpoints.plays.list)}
      exportName="game-plays"
      filters={filters}
      sort={{ field: 'playedAt', order: 'DESC' }}
      empty="No plays yet. Members play open games in the app."
      columns={gamePlayColumns()}
      compact={gamePlayCompact}
    />
  );
}
