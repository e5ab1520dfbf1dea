import { formatDateTime } from '@app/contract/format';
import { INDIAN_STATES } from '@app/contract/members';
import { LOCATOR_PAGE, STORE_KIND_LABELS, STORE_KINDS, type StoreRow } from '@app/contract/stores';
import AddIcon from '@mui/icons-material/Add';
import MapIcon from '@mui/icons-material/Map';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Stack, ToggleButton, Typography } from '@mui/material';
import { useState } from 'react';
import { BooleanField, Button, FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { Link, Route, Routes } from 'react-router-dom';
import { useProfile } from '../../app/profile-context';
import { DateTimeField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { StoreActiveButton } from './StoreActiveButton';
import { StoreCreate, StoreEdit } from './StoreForms';
import { StoresMap } from './StoresMap';
import { StoresUploadDialog } from './StoresUploadDialog';
import { STORES_RESOURCE, storePaths } from './store-paths';

const kinds = STORE_KINDS.map((k) => ({ id: k, name: STORE_KIND_LABELS[k] }));
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, code, city or PIN" />,
  <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
  <SelectInput key="state" source="state" choices={INDIAN_STATES.map((s) => ({ id: s, name: s }))} />,
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

const MAP_SHOWN = 'locator.map';

/** Locator: stores members find in the app; list, map, form and spreadsheet upload. */
export default function LocatorPage() {
  return (
    <ServerFieldErrors>
      <Routes>
        <Route index element={<StoreList />} />
        <Route path="create" element={<StoreCreate />} />
        <Route path=":id/edit" element={<StoreEdit />} />
      </Routes>
    </ServerFieldErrors>
  );
}

function StoreList() {
  const { can } = useProfile();
  const manage = can('stores.manage');
  const [uploading, setUploading] = useState(false);
  const [mapShown, setMapShown] = useState(() => localStorage.getItem(MAP_SHOWN) !== '0');
  const toggleMap = () => {
    localStorage.setItem(MAP_SHOWN, mapShown ? '0' : '1');
    setMapShown(!mapShown);
  };
  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h5" component="h1">
          {pageTitle(LOCATOR_PAGE)}
        </Typography>
        <ToggleButton
          value="map"
          size="small"
          selected={mapShown}
          onChange={toggleMap}
          aria-label="Show the map"
        >
          <MapIcon fontSize="small" sx={{ mr: 0.5 }} /> Map
        </ToggleButton>
      </Stack>
      <ListPage<StoreRow>
        title={false}
        resource={STORES_RESOURCE}
        exportName="stores"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        empty="No stores yet. Add one, or upload the spreadsheet of stores."
        rowClick={(id) => storePaths.edit(id)}
        actions={
          manage && (
            <>
              <Button label="Add store" component={Link} to={storePaths.create}>
                <AddIcon />
              </Button>
              <Button label="Upload spreadsheet" onClick={() => setUploading(true)}>
                <UploadFileIcon />
              </Button>
            </>
          )
        }
        rowActions={(r) => <StoreActiveButton record={r} />}
        compact={{
          primary: (r) => `${r.name} · ${STORE_KIND_LABELS[r.kind]}`,
          secondary: (r) => `${r.city}, ${r.state} ${r.pincode} · ${r.phone}`,
          tertiary: (r) =>
            `${r.code} · ${r.active ? 'Active' : 'Inactive'} · added ${formatDateTime(r.createdAt)}`,
        }}
        columns={[
          <TextField key="code" source="code" />,
          <TextField key="name" source="name" />,
          <FunctionField<StoreRow>
            key="kind"
            source="kind"
            label="Kind"
            render={(r) => STORE_KIND_LABELS[r.kind]}
          />,
          <TextField key="contact" source="contactPerson" label="Contact" sortable={false} />,
          <TextField key="phone" source="phone" sortable={false} />,
          <TextField key="city" source="city" />,
          <TextField key="state" source="state" />,
          <TextField key="pin" source="pincode" label="PIN" sortable={false} />,
          <BooleanField key="active" source="active" sortable={false} />,
          <DateTimeField key="at" source="createdAt" label="Added" />,
        ]}
      >
        {mapShown && <StoresMap />}
      </ListPage>
      {uploading && <StoresUploadDialog onClose={() => setUploading(false)} />}
    </>
  );
}
