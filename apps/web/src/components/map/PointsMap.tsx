import { Box, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { PointsMapProps } from './types';

export type { MapPoint, PointsMapProps } from './types';

/** Leaflet, its CSS and the outline of India load only with the first map on screen. */
const LeafletPointsMap = lazy(() => import('./LeafletPointsMap'));

/**
 * Points over India, offline: the bundled outline of India (Natural Earth, public domain) is always
 * drawn; street tiles appear beneath it when the server has `MAP_TILE_URL`. Fits itself to the
 * points (all of India with none); tooltip on hover, popup on click or tap; no asset from outside
 * the app.
 */
export function PointsMap(props: PointsMapProps) {
  const height = props.height ?? 420;
  return (
    <Suspense
      fallback={
        <Box sx={{ height }}>
          <Skeleton variant="rectangular" height="100%" aria-label="Loading map" />
        </Box>
      }
    >
      <LeafletPointsMap {...props} height={height} />
    </Suspense>
  );
}
