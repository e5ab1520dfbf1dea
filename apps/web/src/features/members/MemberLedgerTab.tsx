import { ledgerColumns, ledgerCompact } from '../../components/ledger-columns';
import { ListPage } from '../../components/list/ListPage';

/** The member's points ledger, newest first; the balance column is the running balance. */
export function MemberLedgerTab({ memberId }: { memberId: string }) {
  return (
    <ListPage
      title={false}
      resource={`admin/users/${memberId}/ledger`}
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
