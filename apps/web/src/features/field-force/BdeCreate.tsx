import { BDE_MESSAGES } from '@app/contract/employees';
import { INDIAN_STATES } from '@app/contract/members';
import { Typography } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  NumberInput,
  PasswordInput,
  required,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  useNotify,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { BDES_RESOURCE, bdePaths } from './field-paths';
import { splitList } from './territory';
import { useEmployeeChoices } from './use-field-options';

/** Makes an employee a BDE: territory (states, districts, pincodes), monthly target, field-app password. */
export function BdeCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const employees = useEmployeeChoices().filter((e) => !e.isBde);
  return (
    <>
      <Typography variant="h5" component="h1">
        New BDE
      </Typography>
      <Create
        resource={BDES_RESOURCE}
        title={false}
        redirect={false}
        mutationOptions={{
          onSuccess: (data: { id: number }) => {
            notify('BDE added: they can sign in to the field app', { type: 'success' });
            navigate(bdePaths.show(data.id));
          },
        }}
        transform={(d) => ({
          employeeId: d.employeeId,
          territory: {
            states: d.states ?? [],
            districts: splitList(d.districtsText),
            pincodes: splitList(d.pincodesText),
          },
          monthlyTarget: d.monthlyTarget,
          password: d.password,
        })}
      >
        <SimpleForm sx={{ maxWidth: 560 }} defaultValues={{ monthlyTarget: 10, states: [] }}>
          <KeepFormDraft id="bde-create" />
          <AutocompleteInput
            source="employeeId"
            label="Employee"
            choices={employees}
            validate={required(BDE_MESSAGES.notEmployee)}
            helperText="An active employee who is not a BDE yet"
            fullWidth
          />
          <SelectArrayInput
            source="states"
            label="Territory: states"
            choices={INDIAN_STATES.map((s) => ({ id: s, name: s }))}
            fullWidth
          />
          <TextInput
            source="districtsText"
            label="Territory: districts"
            helperText="Separated by commas, e.g. Pune, Nagpur"
            fullWidth
          />
          <TextInput
            source="pincodesText"
            label="Territory: pincodes"
            helperText="6-digit pincodes separated by commas. Give at least one state, district or pincode"
            fullWidth
          />
          <NumberInput
            source="monthlyTarget"
            label="Monthly onboarding target"
            min={0}
            step={1}
            validate={required(BDE_MESSAGES.target)}
          />
          <PasswordInput
            source="password"
            label="Field-app password"
            autoComplete="new-password"
            validate={required('Password is required')}
            helperText="At least 6 characters; the BDE signs in with their mobile and this password"
            fullWidth
          />
        </SimpleForm>
      </Create>
    </>
  );
}
