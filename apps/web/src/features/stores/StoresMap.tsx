import { formatCount } from '@app/contract/format';
import { STORE_KIND_LABELS, STORE_MAP_MAX, storesEndpoints } from '@app/contract/stores';
import { Alert, Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useListContext } from 'react-admin';
import { PointsMap } from '../../components/map/PointsMap';
import { useEndpoint } from '../../components/use-api-get';

/** The stores of the list's current filter on the map (inside the list's context, so filters agree). */
export function StoresMap() {
  const { filterValues } = useListContext();
  const filter = JSON.stringify(filterValues ?? {});
  const { data, error } = useEndpoint(storesEndpoints.map, { query: { filter } });
  const points = useMemo(
    () =>
      (data?.points ?? []).map((p) => ({
        id: p.id,
        lat: p.lat,
        lng: p.lng,
        label: `${p.name} (${p.code}) · ${STORE_KIND_LABELS[p.kind]} · ${p.city}${p.active ? '' : ' · inactive'}`,
        tone: p.active ? ('default' as const) : ('flagged' as const),
      })),
    [data],
  );
  return (
    <Box sx={{ mb: 2 }}>
      {error && <Alert severity="error">The map could not load the stores: {error}</Alert>}
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {data.truncated
            ? `The first ${formatCount(STORE_MAP_MAX)} stores of this filter are on the map; narrow the filter to see the rest.`
            : `${formatCount(data.points.length)} stores on the map${points.some((p) => p.tone === 'flagged') ? ' (inactive ones in red)' : ''}.`}
        </Typography>
      )}
      <PointsMap points={points} height={440} label="Map of stores" />
    </Box>
  );
}
