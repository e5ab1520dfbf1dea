import { type BdeRow, bdesEndpoints } from '@app/contract/employees';
import { actionOf } from '@app/contract/endpoint';
import { INDIAN_STATES } from '@app/contract/members';
import AddIcon from '@mui/icons-material/Add';
import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { Button, FunctionField, SearchInput, SelectInput, TextField, TextInput } from 'react-admin';
import { Link } from 'react-router-dom';
import { useProfile } from '../../app/profile-context';
import { CountField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { BDES_PATH, BDES_RESOURCE, bdePaths } from './field-paths';
import { targetText, territoryText } from './territory';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, code or mobile" />,
  <SelectInput
    key="active"
    source="active"
    label="Field app"
    choices={[
      { id: true, name: 'Active' },
      { id: false, name: 'Turned off' },
    ]}
    alwaysOn
  />,
  <SelectInput key="state" source="state" choices={INDIAN_STATES.map((s) => ({ id: s, name: s }))} />,
  <TextInput key="district" source="district" />,
  <TextInput key="pincode" source="pincode" />,
];

export function TargetProgress({ record }: { record: BdeRow }) {
  const pct = record.monthlyTarget > 0 ? Math.min(100, (record.achieved / record.monthlyTarget) * 100) : 0;
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2">{targetText(record)}</Typography>
      <LinearProgress variant="determinate" value={pct} aria-label={`Onboarded ${targetText(record)}`} />
    </Box>
  );
}

/** BDEs with their territory, this month's onboarding against target, and members. */
export function BdeList() {
  const { can } = useProfile();
  return (
    <ListPage<BdeRow>
      page={BDES_PATH}
      resource={BDES_RESOURCE}
      exportName="bdes"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      empty="No BDEs yet. Make an employee a BDE: territory, target and field-app password."
      rowClick={(id) => bdePaths.show(id)}
      actions={
        can(actionOf(bdesEndpoints.create)) && (
          <Button label="Add BDE" component={Link} to={bdePaths.create}>
            <AddIcon />
          </Button>
        )
      }
      compact={{
        primary: (r) => `${r.code} · ${r.name}`,
        secondary: (r) => territoryText(r),
        tertiary: (r) =>
          `Onboarded ${targetText(r)} this month · ${r.assignedMembers} members${r.active ? '' : ' · field app off'}`,
      }}
      columns={[
        <TextField key="code" source="code" label="Code" />,
        <TextField key="name" source="name" />,
        <TextField key="mobile" source="mobile" sortable={false} />,
        <FunctionField
          key="territory"
          label="Territory"
          sortable={false}
          render={(r: BdeRow) => territoryText(r)}
        />,
        <FunctionField
          key="target"
          label="Onboarded this month"
          sortable={false}
          render={(r: BdeRow) => <TargetProgress record={r} />}
        />,
        <CountField key="members" source="assignedMembers" label="Members" sortable={false} />,
        <FunctionField
          key="active"
          label="Field app"
          sortable={false}
          render={(r: BdeRow) => (
            <Chip
              size="small"
              label={r.active && r.employeeStatus === 'active' ? 'Active' : 'Off'}
              color={r.active && r.employeeStatus === 'active' ? 'success' : 'default'}
            />
          )}
        />,
      ]}
    />
  );
}
