import { resourceOf } from '@app/contract/endpoint';
import { formatCount, formatRupees } from '@app/contract/format';
import {
  REDEMPTION_KIND_LABELS,
  REDEMPTION_STATUS_LABELS,
  type RedemptionRow,
  redemptionsEndpoints,
} from '@app/contract/redemptions';
import { FunctionField, TextField } from 'react-admin';
import { CountField, DateTimeField, RupeesField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';

const what = (r: RedemptionRow) =>
  r.kind === 'cash' ? `Cash (${r.payout === 'upi' ? 'UPI' : 'bank'})` : (r.rewardName ?? '');

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
        primary: (r: RedemptionRow) => `#${r.id} · ${REDEMPTION_KIND_LABELS[r.kind]}: ${what(r)}`,
        secondary: (r: RedemptionRow) => `${formatCount(r.points)} points · ${formatRupees(r.valuePaise)}`,
        tertiary: (r: RedemptionRow) =>
          `${REDEMPTION_STATUS_LABELS[r.status]}${r.tdsPaise ? ` · TDS ${formatRupees(r.tdsPaise)}` : ''}`,
      }}
      columns={[
        <TextField key="id" source="id" label="#" />,
        <DateTimeField key="at" source="createdAt" label="Requested" />,
        <FunctionField
          key="kind"
          label="Type"
          sortable={false}
          render={(r: RedemptionRow) => REDEMPTION_KIND_LABELS[r.kind]}
        />,
        <FunctionField key="what" label="Reward / payout" sortable={false} render={what} />,
        <CountField key="points" source="points" label="Points" />,
        <RupeesField key="value" source="valuePaise" label="Value" />,
        <RupeesField key="tds" source="tdsPaise" label="TDS" sortable={false} />,
        <TextField key="fy" source="financialYear" label="FY" sortable={false} />,
        <StatusChip key="status" />,
      ]}
    />
  );
}
