import { STORE_ENTITY, storesEndpoints } from '@app/contract/stores';
import { Typography } from '@mui/material';
import { Create, Edit, SimpleForm, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { RecordHistory } from '../../components/audit/RecordHistory';
import { StoreActiveButton } from './StoreActiveButton';
import { StoreInputs } from './StoreInputs';
import { StoreLocationPreview } from './StoreLocationPreview';
import { STORES_RESOURCE, storePaths } from './store-paths';

const useBackToList = (message: string) => {
  const navigate = useNavigate();
  const notify = useNotify();
  return () => {
    notify(message, { type: 'success' });
    navigate(storePaths.list);
  };
};

export function StoreCreate() {
  const onSuccess = useBackToList('Store added');
  return (
    <>
      <Typography variant="h5" component="h1">
        New store
      </Typography>
      <Create resource={STORES_RESOURCE} title={false} redirect={false} mutationOptions={{ onSuccess }}>
        <SimpleForm sx={{ maxWidth: 640 }} defaultValues={{ kind: 'dealer', email: '', openingHours: '' }}>
          <StoreInputs mode="create" />
          <StoreLocationPreview />
        </SimpleForm>
      </Create>
    </>
  );
}

export function StoreEdit() {
  const { id } = useParams();
  const onSuccess = useBackToList('Store saved');
  return (
    <>
      <Typography variant="h5" component="h1">
        Edit store
      </Typography>
      <Edit
        resource={STORES_RESOURCE}
        id={id}
        title={false}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess }}
        actions={<StoreActiveButton />}
        transform={({ code: _c, id: _i, active: _a, createdAt: _cr, updatedAt: _u, ...rest }) => rest}
      >
        <SimpleForm sx={{ maxWidth: 640 }}>
          <StoreInputs mode="edit" />
          <StoreLocationPreview />
        </SimpleForm>
      </Edit>
      {id && <RecordHistory entity={STORE_ENTITY} id={id} history={storesEndpoints.history} />}
    </>
  );
}
