import { formatDateTime } from '@app/contract/format';
import { INDIAN_STATES } from '@app/contract/members';
import { ChipField, SearchInput, SelectInput, TextField } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { KYC_HISTORY_RESOURCE } from './kyc-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Member name, mobile or code" />,
  <SelectInput
    key="status"
    source="status"
    label="Result"
    choices={[
      { id: 'approved', name: 'Approved' },
      { id: 'rejected', name: 'Rejected' },
    ]}
  />,
  <SelectInput key="state" source="state" choices={INDIAN_STATES.map((s) => ({ id: s, name: s }))} />,
  <DayInput key="from" source="from" label="Decided from" />,
  <DayInput key="to" source="to" label="Decided to" />,
];

/** KYC History: every decision — member, reviewer, result, reason, time. */
export default function KycHistoryPage() {
  return (
    <ListPage
      page="/dashboard/approvals/kyc_history"
      resource={KYC_HISTORY_RESOURCE}
      exportName="kyc-history"
      filters={filters}
      sort={{ field: 'decidedAt', order: 'DESC' }}
      empty="No KYC decisions yet. Approved and rejected submissions appear here."
      compact={{
        primary: (r) => `${r.memberName} · ${r.memberCode}`,
        secondary: (r) => `${r.status}${r.reason ? ` · ${r.reason}` : ''}`,
        tertiary: (r) => `${r.decidedByName} · ${formatDateTime(r.decidedAt)}`,
      }}
      columns={[
        <DateTimeField key="dec" source="decidedAt" label="Decided" />,
        <TextField key="code" source="memberCode" label="Code" sortable={false} />,
        <TextField key="name" source="memberName" label="Member" sortable={false} />,
        <ChipField key="status" source="status" label="Result" size="small" sortable={false} />,
        <TextField key="reason" source="reason" sortable={false} emptyText="—" />,
        <TextField key="comment" source="comment" sortable={false} emptyText="—" />,
        <TextField key="by" source="decidedByName" label="Reviewer" sortable={false} />,
        <DateTimeField key="sub" source="submittedAt" label="Submitted" />,
      ]}
    />
  );
}
