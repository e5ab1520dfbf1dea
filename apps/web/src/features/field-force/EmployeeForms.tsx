import { EMPLOYEE_ENTITY, employeesEndpoints, EMPLOYEE_MESSAGES as M } from '@app/contract/employees';
import { Typography } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  Edit,
  email,
  required,
  SimpleForm,
  TextInput,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { RecordHistory } from '../../components/audit/RecordHistory';
import { EMPLOYEES_RESOURCE, employeePaths } from './field-paths';
import { useEmployeeChoices } from './use-field-options';

const useBackToList = (message: string) => {
  const navigate = useNavigate();
  const notify = useNotify();
  return () => {
    notify(message, { type: 'success' });
    navigate(employeePaths.list);
  };
};

function ManagerInput() {
  const record = useRecordContext();
  // An employee cannot report to themselves; loops further up are refused by the server.
  const choices = useEmployeeChoices().filter((c) => c.id !== record?.id);
  return (
    <AutocompleteInput
      source="managerId"
      label="Reporting manager"
      choices={choices}
      emptyText="None"
      helperText="Optional. A manager who reports (directly or not) to this employee is refused"
      parse={(v) => (v === '' || v === undefined ? null : v)}
      fullWidth
    />
  );
}

function EmployeeInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <TextInput
        source="code"
        label="Employee code"
        disabled={mode === 'edit'}
        validate={mode === 'create' ? required(M.codeRequired) : undefined}
        helperText={mode === 'create' ? 'Unique; it cannot be changed later' : 'The code cannot be changed'}
        fullWidth
      />
      <TextInput source="name" validate={required(M.nameRequired)} fullWidth />
      <TextInput source="mobile" validate={required('Enter a 10-digit Indian mobile number')} fullWidth />
      <TextInput source="email" validate={email(M.emailInvalid)} helperText="Optional" fullWidth />
      <TextInput source="designation" validate={required(M.designationRequired)} fullWidth />
      <TextInput source="department" validate={required(M.departmentRequired)} fullWidth />
      <TextInput source="zone" label="State/Zone" validate={required(M.zoneRequired)} fullWidth />
      <ManagerInput />
    </>
  );
}

export function EmployeeCreate() {
  const onSuccess = useBackToList('Employee added');
  return (
    <>
      <Typography variant="h5" component="h1">
        New employee
      </Typography>
      <Create
        resource={EMPLOYEES_RESOURCE}
        title={false}
        redirect={false}
        mutationOptions={{ onSuccess }}
        transform={(d) => ({ ...d, email: d.email || null, managerId: d.managerId ?? null })}
      >
        <SimpleForm sx={{ maxWidth: 560 }}>
          <KeepFormDraft id="employee-create" />
          <EmployeeInputs mode="create" />
        </SimpleForm>
      </Create>
    </>
  );
}

export function EmployeeEdit() {
  const { id } = useParams();
  const onSuccess = useBackToList('Employee saved');
  return (
    <>
      <Typography variant="h5" component="h1">
        Edit employee
      </Typography>
      <Edit
        resource={EMPLOYEES_RESOURCE}
        id={id}
        title={false}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess }}
        transform={(d) => ({
          name: d.name,
          mobile: d.mobile,
          email: d.email || null,
          designation: d.designation,
          department: d.department,
          zone: d.zone,
          managerId: d.managerId ?? null,
        })}
      >
        <SimpleForm sx={{ maxWidth: 560 }}>
          <KeepFormDraft id={`employee-edit-${id}`} />
          <EmployeeInputs mode="edit" />
        </SimpleForm>
      </Edit>
      {id && <RecordHistory entity={EMPLOYEE_ENTITY} id={id} history={employeesEndpoints.history} />}
    </>
  );
}
