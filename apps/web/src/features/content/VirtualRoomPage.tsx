import { CONTENT_PAGES, VIRTUAL_ROOM_ENTITY, type VirtualRoomRow } from '@app/contract/content';
import { contentEndpoints } from '@app/contract/content-media';
import { endpointPath } from '@app/contract/endpoint';
import {
  AutocompleteArrayInput,
  BooleanField,
  FunctionField,
  NumberInput,
  required,
  TextField,
  TextInput,
} from 'react-admin';
import { AuthImage } from '../../components/AuthImage';
import { useProductChoices } from '../../components/use-options';
import { FileInput } from './FileInput';
import { activeFilter, pick, RecordPage, searchFilter } from './RecordPage';

const image = (r: { id: unknown; imageFileId?: unknown }) =>
  r.imageFileId ? endpointPath(contentEndpoints.virtualRoom.image.thumbnail, { id: String(r.id) }) : null;

function Inputs() {
  const products = useProductChoices();
  return (
    <>
      <TextInput source="title" fullWidth validate={required('Title is required')} />
      <TextInput source="description" fullWidth multiline minRows={3} />
      <FileInput source="imageFileId" label="360° image" current={image} />
      <TextInput source="videoUrl" label="Video link" fullWidth helperText="Or a video: https://…" />
      <AutocompleteArrayInput source="productIds" label="Featured products" choices={products} />
      <NumberInput source="sortOrder" label="Order" helperText="Smaller first" />
    </>
  );
}

/** Virtual Room: showroom entries with a 360° image or a video and featured products. */
export default function VirtualRoomPage() {
  return (
    <RecordPage<VirtualRoomRow>
      page={CONTENT_PAGES.virtualRoom}
      endpoints={contentEndpoints.virtualRoom}
      entity={VIRTUAL_ROOM_ENTITY}
      noun="virtual room entry"
      empty="No virtual room entries yet. Add a 360° image or a video of a showroom."
      filters={[searchFilter('Title'), activeFilter]}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      defaults={{ sortOrder: 0, productIds: [] }}
      transform={pick('title', 'description', 'imageFileId', 'videoUrl', 'productIds', 'sortOrder')}
      inputs={() => <Inputs />}
      compact={{
        primary: (r) => r.title,
        secondary: (r) => (r.videoUrl ? 'Video' : '360° image'),
        tertiary: (r) => `${r.productIds.length} products · ${r.active ? 'Active' : 'Archived'}`,
      }}
      columns={[
        <FunctionField<VirtualRoomRow>
          key="i"
          label="Image"
          render={(r) => <AuthImage path={image(r)} alt={r.title} size={48} />}
        />,
        <TextField key="t" source="title" />,
        <FunctionField<VirtualRoomRow>
          key="m"
          label="Media"
          render={(r) => (r.imageFileId ? '360° image' : 'Video')}
        />,
        <FunctionField<VirtualRoomRow>
          key="p"
          label="Featured products"
          render={(r) => r.productIds.length}
        />,
        <TextField key="o" source="sortOrder" label="Order" />,
        <BooleanField key="a" source="active" sortable={false} />,
      ]}
    />
  );
}
