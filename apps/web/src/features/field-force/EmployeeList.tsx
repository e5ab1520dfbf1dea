import { EMPLOYEE_STATUSES, type EmployeeRow, employeesEndpoints as e } from '@app/contract/employees';
import { actionOf } from '@app/contract/endpoint';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Chip } from '@mui/material';
import { useState } from 'react';
import { Button, FunctionField, SearchInput, SelectInput, TextField, TextInput } from 'react-admin';
import { Link } from 'react-router-dom';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';
import { EmployeeUploadDialog } from './EmployeeUploadDialog';
import { EMPLOYEES_PATH, EMPLOYEES_RESOURCE, employeePaths } from './field-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, code, mobile or email" />,
  <SelectInput
    key="status"
    source="status"
    choices={EMPLOYEE_STATUSES.map((s) => ({ id: s, name: s === 'active' ? 'Active' : 'Inactive' }))}
    alwaysOn
  />,
  <TextInput key="department" source="department" />,
  <TextInput key="zone" source="zone" label="State/Zone" />,
  <SelectInput
    key="isBde"
    source="isBde"
    label="BDE"
    choices={[
      { id: true, name: 'BDEs' },
      { id: false, name: 'Not BDEs' },
    ]}
  />,
];

/** Deactivate (a BDE is signed out of the field app at once) or reactivate, after a confirmation. */
function StatusButton({ record }: { record: EmployeeRow }) {
  const deactivating = record.status === 'active';
  const toggle = useRowAction({
    action: actionOf(e.deactivate),
    title: deactivating ? `Deactivate ${record.name}?` : `Reactivate ${record.name}?`,
    text: deactivating
      ? `${record.code} is marked inactive: no longer offered as a manager${record.isBde ? ', and signed out of the field app' : ''}. The history stays.`
      : `${record.code} is active again.`,
    verb: deactivating ? 'Deactivate' : 'Reactivate',
    destructive: deactivating,
    run: () => call(deactivating ? e.deactivate : e.reactivate, { params: { id: record.id } }),
    done: () => (deactivating ? `${record.name} is inactive` : `${record.name} is active again`),
  });
  if (!toggle.allowed) return null;
  return (
    <>
      <Button
        label={deactivating ? 'Deactivate' : 'Reactivate'}
        onClick={toggle.open}
        color={deactivating ? 'error' : 'primary'}
      >
        {deactivating ? <BlockIcon /> : <CheckCircleIcon />}
      </Button>
      {toggle.dialog}
    </>
  );
}

/** Employees: search, filters in the URL, export, import from a spreadsheet, edit and deactivate. */
export function EmployeeList() {
  const { can } = useProfile();
  const [uploading, setUploading] = useState(false);
  const manage = can(actionOf(e.create));
  return (
    <>
      <ListPage<EmployeeRow>
        page={EMPLOYEES_PATH}
        resource={EMPLOYEES_RESOURCE}
        exportName="employees"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        empty="No employees yet. Add them one by one or import a spreadsheet."
        actions={
          manage && (
            <>
              <Button label="Add employee" component={Link} to={employeePaths.create}>
                <AddIcon />
              </Button>
              <Button label="Import" onClick={() => setUploading(true)}>
                <UploadFileIcon />
              </Button>
            </>
          )
        }
        rowActions={(r) => (
          <>
            {manage && (
              <Button label="Edit" component={Link} to={employeePaths.edit(r.id)}>
                <EditIcon />
              </Button>
            )}
            <StatusButton record={r} />
          </>
        )}
        compact={{
          primary: (r) => `${r.code} · ${r.name}`,
          secondary: (r) => `${r.designation}, ${r.department} · ${r.zone}`,
          tertiary: (r) =>
            `${r.status === 'active' ? 'Active' : 'Inactive'}${r.isBde ? ' · BDE' : ''}${r.managerName ? ` · reports to ${r.managerName}` : ''}`,
        }}
        columns={[
          <TextField key="code" source="code" label="Code" />,
          <TextField key="name" source="name" />,
          <TextField key="mobile" source="mobile" sortable={false} />,
          <TextField key="designation" source="designation" sortable={false} />,
          <TextField key="department" source="department" sortable={false} />,
          <TextField key="zone" source="zone" label="State/Zone" sortable={false} />,
          <FunctionField
            key="manager"
            label="Reporting manager"
            sortable={false}
            render={(r: EmployeeRow) => (r.managerName ? `${r.managerCode} · ${r.managerName}` : '—')}
          />,
          <FunctionField
            key="status"
            label="Status"
            sortable={false}
            render={(r: EmployeeRow) => (
              <>
                <Chip
                  size="small"
                  label={r.status === 'active' ? 'Active' : 'Inactive'}
                  color={r.status === 'active' ? 'success' : 'default'}
                />
                {r.isBde && <Chip size="small" label="BDE" sx={{ ml: 0.5 }} />}
              </>
            )}
          />,
          <DateTimeField key="created" source="createdAt" label="Added" />,
        ]}
      />
      {uploading && <EmployeeUploadDialog onClose={() => setUploading(false)} />}
    </>
  );
}
