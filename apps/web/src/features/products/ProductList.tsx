import AddIcon from '@mui/icons-material/Add';
import {
  BooleanField,
  Button,
  Datagrid,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { CountField, DateTimeField } from '../../components/fields';
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
    <List
      resource={PRODUCTS_RESOURCE}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      title={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <Button label="Add product" component={Link} to={productPaths.create}>
            <AddIcon />
          </Button>
        </TopToolbar>
      }
    >
      <Datagrid rowClick={(id) => productPaths.edit(id)} bulkActionButtons={false}>
        <TextField source="sku" label="SKU" />
        <TextField source="name" />
        <TextField source="category" />
        <TextField source="unit" sortable={false} />
        <CountField source="basePoints" label="Base points" />
        <BooleanField source="active" sortable={false} />
        <DateTimeField source="createdAt" label="Created" />
      </Datagrid>
    </List>
  );
}
