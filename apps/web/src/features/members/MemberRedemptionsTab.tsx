import { resourceOf } from '@app/contract/endpoint';
import { formatCount, formatRupees } from '@app/contract/format';
import {
  REDEMPTION_KIND_LABELS,
  REDEMPTION_STATUS_LABELS,
  type RedemptionRow,
  redemptionsEndpoints,
} from '@app/contract/redemptions';
import { TextField } from 'react-admin';
import { ListPage } from '../../components/list/ListPage';
import { redemptionCells, redemptionWhat } from '../../components/redemption-columns';
import { StatusChip } from '../../components/StatusChip';

/** The member's redemptions, newest first, with the TDS of each. */
export function MemberRedemptionsTab({ memberId }: { memberId: string }) {
  return (
    <ListPage
      title={false}
      resource={resourceOf(redemptionsEndpoints.ofMember.list, { id: memberId })}
      sort={{ field: 'id', order: 'DESC' }}
      disableSyncWithLocation
      storeKey={`member-redemptions-${memberId}`}
      exportName={`member-${memberId}-redemptions`}
      empty="This member has not redeemed anything yet."
      compact={{
        primary: (r: RedemptionRow) => `#${r.id} · ${REDEMPTION_KIND_LABELS[r.kind]}: ${redemptionWhat(r)}`,
        secondary: (r: RedemptionRow) => `${formatCount(r.points)} points · ${formatRupees(r.valuePaise)}`,
        tertiary: (r: RedemptionRow) =>
          `${REDEMPTION_STATUS_LABELS[r.status]}${r.tdsPaise ? ` · TDS ${formatRupees(r.tdsPaise)}` : ''}`,
      }}
      columns={[
        redemptionCells.id,
        redemptionCells.requested,
        redemptionCells.kind,
        redemptionCells.what,
        redemptionCells.points,
        redemptionCells.value,
        redemptionCells.tds,
        <TextField key="fy" source="financialYear" label="FY" sortable={false} />,
        <StatusChip key="status" />,
      ]}
    />
  );
}
