import { fieldVisitsEndpoints, MAX_MAP_POINTS, VISIT_TYPE_LABELS } from '@app/contract/field';
import { formatCount, formatDateTime } from '@app/contract/format';
import { Alert, Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useListContext } from 'react-admin';
import { PointsMap } from '../../components/map/PointsMap';
import { useEndpoint } from '../../components/use-api-get';

/** The check-ins of the list's current filter on the map (flagged visits in red). */
export function VisitsMap() {
  const { filterValues } = useListContext();
  const filter = JSON.stringify(filterValues ?? {});
  const { data, error } = useEndpoint(fieldVisitsEndpoints.map, { query: { filter } });
  // Flagged visits last, so they are drawn on top of the others at the same place.
  const points = useMemo(
    () =>
      [...(data?.points ?? [])]
        .sort((a, b) => Number(a.flagged) - Number(b.flagged))
        .map((p) => ({
          id: p.id,
          lat: p.lat,
          lng: p.lng,
          label: `${p.party} · ${VISIT_TYPE_LABELS[p.type]} · ${p.bdeName} · ${formatDateTime(p.checkInAt)}${p.flagged ? ' · flagged' : ''}`,
          tone: p.flagged ? ('flagged' as const) : ('default' as const),
        })),
    [data],
  );
  return (
    <Box sx={{ mb: 2 }}>
      {error && <Alert severity="error">The map could not load the check-ins: {error}</Alert>}
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {data.truncated
            ? `The newest ${formatCount(MAX_MAP_POINTS)} check-ins of this filter are on the map; narrow the filter to see the rest.`
            : `${formatCount(points.length)} check-ins on the map${points.some((p) => p.tone === 'flagged') ? ' (flagged visits in red)' : ''}.`}
        </Typography>
      )}
      <PointsMap points={points} height={380} label="Map of check-ins" />
    </Box>
  );
}
