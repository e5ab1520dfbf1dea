import { resourceOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import { SIGN_IN_OUTCOMES, type SignInEventRow, signInActivityEndpoints } from '@app/contract/staff';
import { Chip } from '@mui/material';
import { BooleanInput, FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { DateTimeField } from '../../components/fields';
import { dayEnd, dayStart, endDay, startDay } from '../../components/ist-range';
import { ListPage } from '../../components/list/ListPage';

const OUTCOME_LABELS: Record<SignInEventRow['outcome'], string> = {
  success: 'Signed in',
  bad_credentials: 'Wrong e-mail or password',
  locked: 'Account locked',
  inactive: 'Account inactive',
  second_factor: 'Password right, code asked',
  second_factor_wrong: 'Wrong authenticator code',
  second_factor_locked: 'Too many wrong codes',
  second_factor_other_address: 'Code from another address',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="E-mail or name" />,
  <BooleanInput key="succeeded" source="succeeded" label="Succeeded" />,
  <SelectInput
    key="outcome"
    source="outcome"
    choices={SIGN_IN_OUTCOMES.map((id) => ({ id, name: OUTCOME_LABELS[id] }))}
  />,
  <DayInput key="from" source="from" label="From (IST)" parse={dayStart} format={startDay} alwaysOn />,
  <DayInput key="to" source="to" label="To (IST)" parse={dayEnd} format={endDay} alwaysOn />,
];

/** Manage Admin › Sign-in activity: every staff sign-in attempt, where the dashboard's sign-in cards lead. */
export default function SignInActivityPage() {
  return (
    <ListPage<SignInEventRow>
      title={false}
      resource={resourceOf(signInActivityEndpoints.list)}
      exportName="sign-in-activity"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No sign-in attempts in this range."
      compact={{
        primary: (r) => `${r.email} · ${OUTCOME_LABELS[r.outcome]}`,
        secondary: (r) => r.staffName ?? '',
        tertiary: (r) => `${formatDateTime(r.at)}${r.ip ? ` · ${r.ip}` : ''}`,
      }}
      columns={[
        <DateTimeField key="at" source="at" label="When" />,
        <TextField key="email" source="email" label="E-mail" sortable={false} />,
        <TextField key="name" source="staffName" label="Name" sortable={false} emptyText="—" />,
        <FunctionField
          key="outcome"
          label="Outcome"
          render={(r: SignInEventRow) => (
            <Chip
              size="small"
              label={OUTCOME_LABELS[r.outcome]}
              color={r.outcome === 'success' ? 'success' : 'default'}
            />
          )}
        />,
        <TextField key="ip" source="ip" label="Address" sortable={false} emptyText="—" />,
      ]}
    />
  );
}
