import { INVOICE_MESSAGES as M } from '@app/contract/invoices';
import AddIcon from '@mui/icons-material/Add';
import { Typography } from '@mui/material';
import {
  Create,
  Edit,
  required,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  useNotify,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { ActionButton } from '../../components/ActionButton';
import { ListPage } from '../../components/list/ListPage';
import { DISTRIBUTORS_RESOURCE, invoicePaths } from './invoice-paths';

export function DistributorList() {
  return (
    <ListPage
      title={false}
      resource={DISTRIBUTORS_RESOURCE}
      exportName="distributors"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Code, name or city" />]}
      sort={{ field: 'name', order: 'ASC' }}
      empty="No distributors yet. Add the distributors you invoice."
      rowClick={(id) => invoicePaths.distributorEdit(id)}
      actions={
        <ActionButton
          permission="distributors.manage"
          label="Add distributor"
          component={Link}
          to={invoicePaths.distributorCreate}
        >
          <AddIcon />
        </ActionButton>
      }
      compact={{
        primary: (r) => `${r.name} · ${r.code}`,
        secondary: (r) => `${r.city}, ${r.state}`,
        tertiary: (r) => (r.gstin ? `GSTIN ${r.gstin}` : ''),
      }}
      columns={[
        <TextField key="code" source="code" />,
        <TextField key="name" source="name" />,
        <TextField key="gstin" source="gstin" label="GSTIN" sortable={false} emptyText="—" />,
        <TextField key="state" source="state" />,
        <TextField key="city" source="city" sortable={false} />,
      ]}
    />
  );
}

function DistributorInputs({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <>
      <TextInput
        source="code"
        disabled={mode === 'edit'}
        validate={mode === 'create' ? required(M.codeRequired) : undefined}
      />
      <TextInput source="name" validate={required(M.nameRequired)} fullWidth />
      <TextInput source="gstin" label="GSTIN" helperText="Optional, 15 characters" />
      <TextInput source="state" validate={required(M.stateRequired)} />
      <TextInput source="city" validate={required(M.cityRequired)} />
    </>
  );
}

const useDone = (message: string) => {
  const navigate = useNavigate();
  const notify = useNotify();
  return () => {
    notify(message, { type: 'success' });
    navigate(invoicePaths.distributors);
  };
};

export function DistributorCreate() {
  const onSuccess = useDone('Distributor added');
  return (
    <>
      <Typography variant="h5" component="h1">
        New distributor
      </Typography>
      <Create resource={DISTRIBUTORS_RESOURCE} title={false} redirect={false} mutationOptions={{ onSuccess }}>
        <SimpleForm sx={{ maxWidth: 520 }}>
          <KeepFormDraft id="distributor-create" />
          <DistributorInputs mode="create" />
        </SimpleForm>
      </Create>
    </>
  );
}

export function DistributorEdit() {
  const { id } = useParams();
  const onSuccess = useDone('Distributor saved');
  return (
    <>
      <Typography variant="h5" component="h1">
        Edit distributor
      </Typography>
      <Edit
        resource={DISTRIBUTORS_RESOURCE}
        id={id}
        title={false}
        redirect={false}
        mutationMode="pessimistic"
        mutationOptions={{ onSuccess }}
        transform={({ name, gstin, state, city }) => ({ name, gstin, state, city })}
      >
        <SimpleForm sx={{ maxWidth: 520 }}>
          <KeepFormDraft id={`distributor-edit-${id}`} />
          <DistributorInputs mode="edit" />
        </SimpleForm>
      </Edit>
    </>
  );
}
