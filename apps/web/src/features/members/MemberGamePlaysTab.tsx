import { resourceOf } from '@app/contract/endpoint';
import { gamesEndpoints } from '@app/contract/games';
import { gamePlayColumns, gamePlayCompact } from '../../components/game-play-columns';
import { ListPage } from '../../components/list/ListPage';

/** The member's game plays (spin wheels, scratch cards), newest first. */
export function MemberGamePlaysTab({ memberId }: { memberId: string }) {
  return (
    <ListPage
      title={false}
      resource={resourceOf(gamesEndpoints.ofMember.list, { id: memberId })}
      sort={{ field: 'playedAt', order: 'DESC' }}
      disableSyncWithLocation
      storeKey={`member-game-plays-${memberId}`}
      exportPath={false}
      empty="This member has not played any game yet."
      columns={gamePlayColumns(false)}
      compact={gamePlayCompact}
    />
  );
}
