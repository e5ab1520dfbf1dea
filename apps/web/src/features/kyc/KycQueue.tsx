import { INDIAN_STATES, MEMBER_TYPES } from '@app/contract/members';
import {
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DateTimeField } from '../../components/fields';
import { ListExportButton } from '../../components/ListExportButton';
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
    <List
      resource={KYC_QUEUE_RESOURCE}
      filters={filters}
      sort={{ field: 'submittedAt', order: 'ASC' }}
      title={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <ListExportButton path="/admin/kyc/export" fileName="kyc-queue" />
        </TopToolbar>
      }
    >
      <Datagrid rowClick={(id) => kycPaths.review(id)} bulkActionButtons={false}>
        <DateTimeField source="submittedAt" label="Submitted" />
        <TextField source="memberCode" label="Code" sortable={false} />
        <TextField source="memberName" label="Member" sortable={false} />
        <TextField source="memberType" label="Type" sortable={false} />
        <TextField source="state" sortable={false} />
        <TextField source="aadhaar" sortable={false} />
        <TextField source="pan" label="PAN" sortable={false} />
        <FunctionField label="Claimed by" render={(r) => r.claimedByName ?? '—'} sortable={false} />
      </Datagrid>
    </List>
  );
}
