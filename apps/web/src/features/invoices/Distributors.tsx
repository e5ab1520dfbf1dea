import { INVOICE_MESSAGES as M } from '@app/contract/invoices';
import AddIcon from '@mui/icons-material/Add';
import { Typography } from '@mui/material';
import {
  Button,
  Create,
  Datagrid,
  Edit,
  List,
  required,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
} from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DISTRIBUTORS_RESOURCE, invoicePaths } from './invoice-paths';

export function DistributorList() {
  return (
    <List
      resource={DISTRIBUTORS_RESOURCE}
      title={false}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Code, name or city" />]}
      sort={{ field: 'name', order: 'ASC' }}
      actions={
        <TopToolbar>
          <Button label="Add distributor" component={Link} to={invoicePaths.distributorCreate}>
            <AddIcon />
          </Button>
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={(id) => invoicePaths.distributorEdit(id)}>
        <TextField source="code" />
        <TextField source="name" />
        <TextField source="gstin" label="GSTIN" sortable={false} emptyText="—" />
        <TextField source="state" />
        <TextField source="city" sortable={false} />
      </Datagrid>
    </List>
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
          <DistributorInputs mode="edit" />
        </SimpleForm>
      </Edit>
    </>
  );
}
