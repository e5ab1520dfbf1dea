import { BDA_ACTIVITY_PAGE, VISIT_TYPE_LABELS, VISIT_TYPES, type VisitRow } from '@app/contract/field';
import { formatCount, formatDateTime } from '@app/contract/format';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { FunctionField, SearchInput, SelectInput, useRecordContext } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { VISITS_RESOURCE } from './field-paths';
import { useBdeChoices } from './use-field-options';
import { VisitPhotos } from './VisitPhotos';
import { VisitsMap } from './VisitsMap';

const place = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? '—' : `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
const duration = (minutes: number | null) =>
  minutes === null
    ? 'open'
    : minutes < 60
      ? `${minutes} min`
      : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
const distance = (metres: number | null) =>
  metres === null ? '—' : metres < 1000 ? `${formatCount(metres)} m` : `${(metres / 1000).toFixed(1)} km`;

/** A visit's details beneath its row: places, notes, flags and photos. */
function VisitDetail() {
  const r = useRecordContext<VisitRow>();
  if (!r) return null;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      <Typography variant="body2">
        Place: {[r.placePincode, r.placeDistrict, r.placeState].filter(Boolean).join(', ') || 'not stated'}
      </Typography>
      <Typography variant="body2">
        Check-in at {place(r.checkInLat, r.checkInLng)}
        {r.checkInAccuracy !== null && ` (±${Math.round(r.checkInAccuracy)} m)`}; check-out at{' '}
        {place(r.checkOutLat, r.checkOutLng)}; {distance(r.distanceMetres)} apart
      </Typography>
      {r.note && <Typography variant="body2">Note: {r.note}</Typography>}
      {r.checkOutNotes && <Typography variant="body2">Check-out notes: {r.checkOutNotes}</Typography>}
      {r.flagReasons.map((f) => (
        <Typography key={f} variant="body2" color="error">
          Flagged: {f}
        </Typography>
      ))}
      <VisitPhotos visitId={r.id} photoIds={r.photoIds} />
    </Stack>
  );
}

/** BDA Activity: visits from the field app, with filters in the URL, export and a map of check-ins. */
export default function BdaActivityPage() {
  const bdes = useBdeChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Party or BDE" />,
    <SelectInput key="bdeId" source="bdeId" label="BDE" choices={bdes} alwaysOn />,
    <SelectInput
      key="type"
      source="type"
      choices={VISIT_TYPES.map((t) => ({ id: t, name: VISIT_TYPE_LABELS[t] }))}
      alwaysOn
    />,
    <SelectInput
      key="flagged"
      source="flagged"
      choices={[
        { id: true, name: 'Flagged' },
        { id: false, name: 'Not flagged' },
      ]}
      alwaysOn
    />,
    <DayInput key="from" source="from" label="From (IST)" />,
    <DayInput key="to" source="to" label="To (IST)" />,
  ];
  return (
    <ListPage<VisitRow>
      page={BDA_ACTIVITY_PAGE}
      resource={VISITS_RESOURCE}
      exportName="bda-activity"
      filters={filters}
      sort={{ field: 'checkInAt', order: 'DESC' }}
      empty="No visits yet. BDEs check in and out of visits from the field app."
      rowClick="expand"
      expand={<VisitDetail />}
      compact={{
        primary: (r) => `${r.bdeName} · ${VISIT_TYPE_LABELS[r.type]}`,
        secondary: (r) => `${r.party} · ${formatDateTime(r.checkInAt)} · ${duration(r.durationMinutes)}`,
        tertiary: (r) =>
          r.flagged
            ? `Flagged: ${r.flagReasons.join('; ')}`
            : `${r.membersOnboarded} onboarded · ${r.photoIds.length} photos`,
      }}
      columns={[
        <DateTimeField key="in" source="checkInAt" label="Check-in" />,
        <FunctionField
          key="bde"
          label="BDE"
          sortable={false}
          render={(r: VisitRow) => `${r.bdeCode} · ${r.bdeName}`}
        />,
        <FunctionField
          key="type"
          label="Type"
          sortable={false}
          render={(r: VisitRow) => VISIT_TYPE_LABELS[r.type]}
        />,
        <FunctionField key="party" label="Party" sortable={false} render={(r: VisitRow) => r.party} />,
        <FunctionField
          key="out"
          label="Check-out"
          sortable={false}
          render={(r: VisitRow) => (r.checkOutAt ? formatDateTime(r.checkOutAt) : 'Open')}
        />,
        <FunctionField
          key="dur"
          label="Duration"
          sortable={false}
          render={(r: VisitRow) => duration(r.durationMinutes)}
        />,
        <FunctionField
          key="dist"
          label="Moved"
          sortable={false}
          render={(r: VisitRow) => distance(r.distanceMetres)}
        />,
        <FunctionField
          key="onb"
          label="Onboarded"
          sortable={false}
          render={(r: VisitRow) => formatCount(r.membersOnboarded)}
        />,
        <FunctionField
          key="photos"
          label="Photos"
          sortable={false}
          render={(r: VisitRow) => formatCount(r.photoIds.length)}
        />,
        <FunctionField
          key="flag"
          label="Flag"
          sortable={false}
          render={(r: VisitRow) =>
            r.flagged ? (
              <Box sx={{ maxWidth: 260 }}>
                <Chip size="small" color="error" label="Flagged" title={r.flagReasons.join('; ')} />
                <Typography variant="caption" component="div">
                  {r.flagReasons.join('; ')}
                </Typography>
              </Box>
            ) : (
              '—'
            )
          }
        />,
      ]}
    >
      <VisitsMap />
    </ListPage>
  );
}
