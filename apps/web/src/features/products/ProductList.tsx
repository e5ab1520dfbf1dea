import { formatCount } from '@app/contract/format';
import AddIcon from '@mui/icons-material/Add';
import { BooleanField, SearchInput, SelectInput, TextField, TextInput } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { CountField, DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { PRODUCTS_RESOURCE, productPaths } from './product-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or SKU" />,
  <TextInput key="category" source="category" />,
  <SelectInput
    key="active"
    source="active"
    label="Status"
    choices={[
      { id: true, name: 'Active' },
      { id: false, name: 'Inactive' },
    ]}
  />,
];

/** The Products tab: SKUs with their base points. */
export function ProductList() {
  return (
    <ListPage
      title={false}
      resource={PRODUCTS_RESOURCE}
      exportName="products"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      empty="No products yet. Add the SKUs that carry coupons."
      rowClick={(id) => productPaths.edit(id)}
      actions={
        <ActionButton
          permission="products.manage"
          label="Add product"
          component={Link}
          to={productPaths.create}
        >
          <AddIcon />
        </ActionButton>
      }
      compact={{
        primary: (r) => `${r.sku} · ${r.name}`,
        secondary: (r) => `${r.category} · ${formatCount(r.basePoints)} points per scan`,
        tertiary: (r) => (r.active ? 'Active' : 'Inactive'),
      }}
      columns={[
        <TextField key="sku" source="sku" label="SKU" />,
        <TextField key="name" source="name" />,
        <TextField key="cat" source="category" />,
        <TextField key="unit" source="unit" sortable={false} />,
        // The points in force now (Update Scheme Points' changes included), as scans credit them.
        <CountField key="pts" source="basePoints" label="Points now" sortable={false} />,
        <CountField key="next" source="nextPoints" label="Next points" sortable={false} emptyText="—" />,
        <DateTimeField key="nextAt" source="nextEffectiveFrom" label="Next from" sortable={false} />,
        <BooleanField key="active" source="active" sortable={false} />,
        <DateTimeField key="at" source="createdAt" label="Created" />,
      ]}
    />
  );
}
