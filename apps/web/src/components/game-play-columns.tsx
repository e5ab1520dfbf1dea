import { formatCount, formatDateTime } from '@app/contract/format';
import { GAME_KIND_LABELS, type GameKind, type GamePlayRow } from '@app/contract/games';
import { FunctionField, type RaRecord, TextField } from 'react-admin';
import { CountField, DateTimeField } from './fields';
import type { CompactRow } from './list/CompactList';

const kind = (r: RaRecord) => GAME_KIND_LABELS[r.gameKind as GameKind] ?? r.gameKind;

/** Game play columns shared by Games Points (play history) and a member's Game plays tab. */
export const gamePlayColumns = (withMember = true) => [
  <DateTimeField key="at" source="playedAt" label="Time" />,
  ...(withMember
    ? [
        <TextField key="code" source="memberCode" label="Code" sortable={false} />,
        <TextField key="name" source="memberName" label="Member" sortable={false} />,
      ]
    : []),
  <TextField key="game" source="gameName" label="Game" sortable={false} />,
  <FunctionField key="kind" label="Kind" render={kind} sortable={false} />,
  <TextField key="prize" source="prizeLabel" label="Prize" sortable={false} />,
  <CountField key="points" source="points" label="Points won" />,
];

export const gamePlayCompact: CompactRow<GamePlayRow> = {
  primary: (r) => `${r.prizeLabel} · ${formatCount(r.points)} pts`,
  secondary: (r) => `${r.memberName} · ${r.memberCode}`,
  tertiary: (r) => `${r.gameName} · ${formatDateTime(r.playedAt)}`,
};
