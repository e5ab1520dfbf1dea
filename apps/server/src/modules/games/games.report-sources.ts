import type { ReportSource } from '../../lib/lists/report';
import { reportOf } from '../../lib/lists/report';
import { playList } from './games.repository';

/** The games domain's report types, keyed as contract/games.ts GAME_REPORTS. */
export const GAME_REPORT_SOURCES: Record<'game_plays', ReportSource> = {
  game_plays: reportOf(playList, 'playedAt'),
};
