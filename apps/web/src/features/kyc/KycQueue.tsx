import { formatDateTime } from '@app/contract/format';
import { INDIAN_STATES, MEMBER_TYPES } from '@app/contract/members';
import { FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { KYC_QUEUE_RESOURCE, kycPaths } from './kyc-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Member name, mobile or code" />,
  <SelectInput key="type" source="type" choices={MEMBER_TYPES.map((t) => ({ id: t, name: t }))} />,
  <SelectInput key="state" source="state" choices={INDIAN_STATES.map((s) => ({ id: s, name: s }))} />,
  <SelectInput
    key="claimed"
    source="claimed"
    choices={[
      { id: true, name: 'Claimed' },
      { id: false, name: 'Not claimed' },
    ]}
  />,
];

/** Submissions waiting for review, oldest first; a claimed one shows who holds it. */
export function KycQueue() {
  return (
    <ListPage
      title={false}
      resource={KYC_QUEUE_RESOURCE}
      exportName="kyc-queue"
      filters={filters}
      sort={{ field: 'submittedAt', order: 'ASC' }}
      empty="No KYC submissions are waiting for review."
      rowClick={(id) => kycPaths.review(id)}
      compact={{
        primary: (r) => `${r.memberName} · ${r.memberCode}`,
        secondary: (r) => `${r.memberType} · ${r.state}`,
        tertiary: (r) =>
          `Submitted ${formatDateTime(r.submittedAt)}${r.claimedByName ? ` · ${r.claimedByName}` : ''}`,
      }}
      columns={[
        <DateTimeField key="sub" source="submittedAt" label="Submitted" />,
        <TextField key="code" source="memberCode" label="Code" sortable={false} />,
        <TextField key="name" source="memberName" label="Member" sortable={false} />,
        <TextField key="type" source="memberType" label="Type" sortable={false} />,
        <TextField key="state" source="state" sortable={false} />,
        <TextField key="aadhaar" source="aadhaar" sortable={false} />,
        <TextField key="pan" source="pan" label="PAN" sortable={false} />,
        <FunctionField
          key="claimed"
          label="Claimed by"
          render={(r) => r.claimedByName ?? '—'}
          sortable={false}
        />,
      ]}
    />
  );
}
