import { Typography } from '@mui/material';
import { Create, Edit, SimpleForm, useNotify } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { KeepFormDraft } from '../../app/form-drafts';
import { ProductInputs } from './ProductInputs';
import { PRODUCTS_RESOURCE, productPaths } from './product-paths';

const useBackToList = (message: string) => {
  const navigate = useNavigate();
  const notify = useNotify();
  return () => {
    notify(message, { type: 'success' });
    navigate(productPaths.list);
  };
};

export function ProductCreate() {
  const onSuccess = useBackToList('Product added');
  return (
    <>
      <Typography variant="h5" component="h1">
        New product
      </Typography>
      <Create resource={PRODUCTS_RESOURCE} title={false} redirect={false} mutationOptions={{ onSuccess }}>
        <SimpleForm sx={{ maxWidth: 520 }} defaultValues={{ active: true, basePoints: 0 }}>
          <KeepFormDraft id="product-create" />
          <ProductInputs mode="create" />
        </SimpleForm>
      </Create>
    </>
  );
}

export function ProductEdit() {
  const { id } = useParams();
  const onSuccess = useBackToList('Product saved');
  return (
    <>
      <Typography variant="h5" component="h1">
        Edit product
      </Typography>
      <Edit
        resource={PRODUCTS_RESOURCE}
        id={id}
        title={false}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess }}
        transform={({ sku: _s, id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest}
      >
        <SimpleForm sx={{ maxWidth: 520 }}>
          <KeepFormDraft id={`product-edit-${id}`} />
          <ProductInputs mode="edit" />
        </SimpleForm>
      </Edit>
    </>
  );
}
