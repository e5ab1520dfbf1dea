import { resourceOf } from '@app/contract/endpoint';
import { membersEndpoints } from '@app/contract/members-endpoints';
import { ledgerColumns, ledgerCompact } from '../../components/ledger-columns';
import { ListPage } from '../../components/list/ListPage';

/** The member's points ledger, newest first; the balance column is the running balance. */
export function MemberLedgerTab({ memberId }: { memberId: string }) {
  return (
    <ListPage
      title={false}
      resource={resourceOf(membersEndpoints.ledger.list, { id: memberId })}
      sort={{ field: 'id', order: 'DESC' }}
      disableSyncWithLocation
      storeKey={`member-ledger-${memberId}`}
      exportPath={false}
      empty="No points have moved for this member yet."
      columns={ledgerColumns(false)}
      compact={ledgerCompact}
    />
  );
}
