import { inIndia } from '@app/contract/maps';
import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { PointsMap } from '../../components/map/PointsMap';

/** The form's coordinates on the map as they are typed, so a swapped or mistyped pair shows at once. */
export function StoreLocationPreview() {
  const [lat, lng, name] = useWatch({ name: ['lat', 'lng', 'name'] }) as [unknown, unknown, unknown];
  // Redrawn (and refitted) only when the coordinates or the name change, not on every keystroke elsewhere.
  const points = useMemo(
    () =>
      typeof lat === 'number' && typeof lng === 'number' && inIndia(lat, lng)
        ? [{ id: 'store', lat, lng, label: String(name || 'This store') }]
        : [],
    [lat, lng, name],
  );
  const placed = points.length > 0;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {placed
          ? 'Where the coordinates put the store'
          : 'Enter coordinates inside India to see the store on the map'}
      </Typography>
      <PointsMap points={points} height={240} label="Store location" />
    </Box>
  );
}
