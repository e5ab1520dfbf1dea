import { INDIAN_STATES } from '@app/contract/members';
import { Typography } from '@mui/material';
import {
  ChipField,
  Datagrid,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { DateTimeField } from '../../components/fields';
import { ListExportButton } from '../../components/ListExportButton';
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
    <>
      <Typography variant="h5" component="h1">
        KYC History
      </Typography>
      <List
        resource={KYC_HISTORY_RESOURCE}
        filters={filters}
        sort={{ field: 'decidedAt', order: 'DESC' }}
        title={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <ListExportButton path="/admin/kyc-history/export" fileName="kyc-history" />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="decidedAt" label="Decided" />
          <TextField source="memberCode" label="Code" sortable={false} />
          <TextField source="memberName" label="Member" sortable={false} />
          <ChipField source="status" label="Result" size="small" sortable={false} />
          <TextField source="reason" sortable={false} emptyText="—" />
          <TextField source="comment" sortable={false} emptyText="—" />
          <TextField source="decidedByName" label="Reviewer" sortable={false} />
          <DateTimeField source="submittedAt" label="Submitted" />
        </Datagrid>
      </List>
    </>
  );
}
