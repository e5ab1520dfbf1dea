/** One point on a map (components/map): `lat`/`lng` in decimal degrees (WGS 84). */
export interface MapPoint {
  /** Passed back to `onSelect`; unique among the points of one map. */
  id: string | number;
  lat: number;
  lng: number;
  /** Shown on hover (tooltip) and on click or tap (popup); plain text, never HTML. */
  label: string;
  /** `flagged` draws the point in the error colour (e.g. a visit checked out far from its check-in). */
  tone?: 'default' | 'flagged';
}

export interface PointsMapProps {
  points: readonly MapPoint[];
  /** Called with the point's id when it is clicked or tapped (its popup opens as well). */
  onSelect?: (id: MapPoint['id']) => void;
  /** CSS height of the map; the width is the container's. Default 420 px. */
  height?: number | string;
  /** Accessible name of the map region. Default "Map". */
  label?: string;
}
