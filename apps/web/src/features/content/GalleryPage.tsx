import { CONTENT_PAGES } from '@app/contract/content';
import {
  ALBUM_ENTITY,
  type AlbumRow,
  contentEndpoints,
  type GalleryImageRow,
} from '@app/contract/content-media';
import { actionOf, endpointPath, resourceOf } from '@app/contract/endpoint';
import { formatCount } from '@app/contract/format';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import ArchiveIcon from '@mui/icons-material/Archive';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { Button as MuiButton, Stack } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  FunctionField,
  NumberInput,
  required,
  TextField,
  TextInput,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { Link, Route, useParams } from 'react-router-dom';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { AuthImage } from '../../components/AuthImage';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';
import { uploadContentFile } from './FileInput';
import { activeFilter, pick, RecordPage, RowActions, searchFilter } from './RecordPage';

const gallery = contentEndpoints.gallery;
const thumb = (albumId: string | number, imageId: number) =>
  endpointPath(gallery.image.thumbnail, { id: albumId, fileId: imageId });

function UploadImages({ albumId }: { albumId: string }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  return (
    <MuiButton component="label" size="small" startIcon={<AddPhotoIcon />} disabled={busy}>
      {busy ? 'Uploading…' : 'Upload images'}
      <input
        hidden
        multiple
        type="file"
        aria-label="Upload images"
        accept="image/png,image/jpeg,image/webp"
        onChange={async (e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          setBusy(true);
          try {
            for (const file of files) {
              const fileId = await uploadContentFile(file, 'content_image');
              const caption = file.name.replace(/\.[^.]+$/, '').slice(0, 200);
              await call(gallery.addImage, { params: { id: albumId }, body: { fileId, caption } });
            }
            notify(`${formatCount(files.length)} image(s) added`, { type: 'success' });
          } catch (err) {
            const message =
              err instanceof ApiError ? (Object.values(err.fields ?? {})[0] ?? err.message) : 'Upload failed';
            notify(message, { type: 'error' });
          } finally {
            setBusy(false);
            refresh();
          }
        }}
      />
    </MuiButton>
  );
}

function ImageActions({ albumId, row }: { albumId: string; row: GalleryImageRow }) {
  const { data } = useListContext<GalleryImageRow>();
  const refresh = useRefresh();
  const notify = useNotify();
  const archive = useRowAction({
    action: actionOf(gallery.archiveImage),
    title: `Archive ${row.caption || 'this image'}?`,
    text: 'It leaves the album in the member app.',
    verb: 'Archive',
    destructive: true,
    run: () => call(gallery.archiveImage, { params: { id: albumId, imageId: row.id } }),
    done: () => 'Image archived',
  });
  if (!archive.allowed) return null;
  // The page shown is the album in order (one page of up to 100): moving swaps with a neighbour.
  const ids = (data ?? []).map((r) => r.id);
  const at = ids.indexOf(row.id);
  const move = async (by: number) => {
    const order = [...ids];
    [order[at], order[at + by]] = [order[at + by]!, order[at]!];
    try {
      await call(gallery.reorder, { params: { id: albumId }, body: { imageIds: order } });
    } catch (err) {
      notify(err instanceof Error ? err.message : 'Could not reorder', { type: 'error' });
    }
    refresh();
  };
  return (
    <>
      <Button label="Up" onClick={() => move(-1)} disabled={at <= 0}>
        <ArrowUpIcon />
      </Button>
      <Button label="Down" onClick={() => move(1)} disabled={at < 0 || at >= ids.length - 1}>
        <ArrowDownIcon />
      </Button>
      <Button label="Archive" color="error" onClick={archive.open}>
        <ArchiveIcon />
      </Button>
      {archive.dialog}
    </>
  );
}

function AlbumImages() {
  const { id = '' } = useParams();
  const { can } = useProfile();
  // The buttons sit above the list: an empty list shows only its sentence, and uploading is how it fills.
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Button label="All albums" component={Link} to={CONTENT_PAGES.gallery} />
        {can(actionOf(gallery.addImage)) && <UploadImages albumId={id} />}
      </Stack>
      <ListPage<GalleryImageRow>
        title="Album images"
        resource={resourceOf(gallery.images.list, { id })}
        exportName="gallery-images"
        storeKey="gallery-images"
        perPage={100}
        sort={{ field: 'sortOrder', order: 'ASC' }}
        empty="No images in this album yet. Upload some."
        rowActions={(r) => (
          <RowActions>
            <ImageActions albumId={id} row={r} />
          </RowActions>
        )}
        compact={{
          primary: (r) => (
            <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <AuthImage path={thumb(id, r.id)} alt={r.caption} size={48} />
              {r.caption || r.name}
            </span>
          ),
          secondary: (r) => r.name,
        }}
        columns={[
          <FunctionField<GalleryImageRow>
            key="i"
            label="Thumbnail"
            render={(r) => <AuthImage path={thumb(id, r.id)} alt={r.caption || r.name} size={72} />}
          />,
          <TextField key="c" source="caption" sortable={false} />,
          <TextField key="n" source="name" label="File" sortable={false} />,
          <DateTimeField key="a" source="createdAt" label="Added" sortable={false} />,
        ]}
      />
    </>
  );
}

/** Gallery: albums of images (thumbnails made on upload), reordered and archived. */
export default function GalleryPage() {
  return (
    <RecordPage<AlbumRow>
      page={CONTENT_PAGES.gallery}
      endpoints={gallery}
      entity={ALBUM_ENTITY}
      noun="album"
      empty="No albums yet. Add an album, then upload its images."
      filters={[searchFilter('Title'), activeFilter]}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      defaults={{ sortOrder: 0 }}
      transform={pick('title', 'description', 'sortOrder')}
      inputs={() => (
        <>
          <TextInput source="title" fullWidth validate={required('Title is required')} />
          <TextInput source="description" fullWidth multiline minRows={2} />
          <NumberInput source="sortOrder" label="Order" />
        </>
      )}
      rowExtras={(r) => (
        <Button label="Images" component={Link} to={`${CONTENT_PAGES.gallery}/${r.id}/images`}>
          <PhotoLibraryIcon />
        </Button>
      )}
      routes={<Route path=":id/images" element={<AlbumImages />} />}
      compact={{
        primary: (r) => r.title,
        secondary: (r) => `${formatCount(r.imageCount)} images`,
        tertiary: (r) => (r.active ? 'Active' : 'Archived'),
      }}
      columns={[
        <FunctionField<AlbumRow>
          key="cover"
          label="Cover"
          render={(r) =>
            r.coverImageId ? <AuthImage path={thumb(r.id, r.coverImageId)} alt={r.title} size={48} /> : null
          }
        />,
        <TextField key="t" source="title" />,
        <FunctionField<AlbumRow> key="n" label="Images" render={(r) => formatCount(r.imageCount)} />,
        <TextField key="o" source="sortOrder" label="Order" />,
        <BooleanField key="a" source="active" sortable={false} />,
      ]}
    />
  );
}
