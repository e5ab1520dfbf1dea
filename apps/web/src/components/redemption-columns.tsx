import { REDEMPTION_KIND_LABELS, type RedemptionRow } from '@app/contract/redemptions';
import { FunctionField, TextField } from 'react-admin';
import { CountField, DateTimeField, RupeesField } from './fields';

/** What was redeemed: the reward (× quantity), or cash to UPI / bank and where. */
export const redemptionWhat = (r: RedemptionRow) =>
  r.kind === 'cash'
    ? `Cash to ${r.payout === 'upi' ? 'UPI' : 'bank'}${r.payoutTo ? ` (${r.payoutTo})` : ''}`
    : `${r.rewardName ?? ''}${r.quantity > 1 ? ` × ${r.quantity}` : ''}`;

/**
 * The cells of a redemption row shared by Approvals → Redemption and a member's Redemptions tab (the
 * export's labels, widths and formats are the server list's: modules/redemptions/redemptions.repository.ts).
 */
export const redemptionCells = {
  id: <TextField key="id" source="id" label="#" />,
  requested: <DateTimeField key="at" source="createdAt" label="Requested" />,
  kind: (
    <FunctionField
      key="kind"
      label="Type"
      sortable={false}
      render={(r: RedemptionRow) => REDEMPTION_KIND_LABELS[r.kind]}
    />
  ),
  what: <FunctionField key="what" label="Reward / payout" sortable={false} render={redemptionWhat} />,
  points: <CountField key="points" source="points" label="Points" />,
  value: <RupeesField key="value" source="valuePaise" label="Value" />,
  tds: <RupeesField key="tds" source="tdsPaise" label="TDS" sortable={false} />,
};
