import 'leaflet/dist/leaflet.css';
import { Box, useTheme } from '@mui/material';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import indiaOutline from './india-outline.json';
import { loadMapConfig } from './map-config';
import type { MapPoint, PointsMapProps } from './types';

/** Above this many points the markers are drawn on one canvas instead of one SVG element each. */
const SVG_LIMIT = 2000;
/** How close fitting to the points may zoom: nearer than the outline alone can show, with tiles. */
const FIT_MAX_ZOOM = { outline: 7, tiles: 14 } as const;
const SEA = '#dce8ef';
const INDIA = {
  color: '#6b8f71',
  weight: 1,
  fillColor: '#f6f3ea',
  fillOpacity: 1,
  className: 'points-map-india',
};
const NEIGHBOUR = {
  color: '#b9b4a6',
  weight: 0.75,
  fillColor: '#e9e6dd',
  fillOpacity: 1,
  className: 'points-map-neighbour',
};
const outlineStyle = (feature?: GeoJSON.Feature) => (feature?.properties?.india ? INDIA : NEIGHBOUR);

/** A plain-text node for tooltips and popups: labels are data, never HTML. */
function textNode(label: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = label;
  return span;
}

const validPoint = (p: MapPoint) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The Leaflet map behind components/map/PointsMap (loaded lazily with Leaflet and the outline). */
export default function LeafletPointsMap({ points, onSelect, height, label }: PointsMapProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map>(null);
  const indiaBounds = useRef<L.LatLngBounds>(null);
  const markersRef = useRef<L.LayerGroup>(null);
  const renderers = useRef<{ svg: L.Renderer; canvas: L.Renderer }>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const [tiles, setTiles] = useState(false);

  // The map, the outline and (when the server has them) street tiles: once per mount.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const map = L.map(el, { zoomSnap: 0.25, minZoom: 3, maxZoom: 18 });
    map.attributionControl.addAttribution('Outline: Natural Earth');
    const outline = L.geoJSON(indiaOutline as GeoJSON.FeatureCollection, {
      interactive: false,
      style: outlineStyle,
    }).addTo(map);
    const india = L.geoJSON(
      (indiaOutline as GeoJSON.FeatureCollection).features.filter((f) => f.properties?.india),
    ).getBounds();
    map.fitBounds(india);
    mapRef.current = map;
    indiaBounds.current = india;
    markersRef.current = L.layerGroup().addTo(map);
    renderers.current = { svg: L.svg(), canvas: L.canvas() };
    let alive = true;
    loadMapConfig().then((config) => {
      if (!alive || !config.tiles) return;
      L.tileLayer(config.tiles.url, { attribution: config.tiles.attribution, maxZoom: 19 }).addTo(map);
      outline.setStyle({ fillOpacity: 0 });
      setTiles(true);
    });
    // Tabs, drawers and rotation change the size under the map: keep its tiles and fit right.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(el);
    return () => {
      alive = false;
      resize.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // The points, redrawn and fitted whenever they change.
  useEffect(() => {
    const map = mapRef.current;
    const layer = markersRef.current;
    const renderer = renderers.current;
    if (!map || !layer || !renderer) return;
    layer.clearLayers();
    const shown = points.filter(validPoint);
    const colours = { default: theme.palette.primary.main, flagged: theme.palette.error.main };
    const drawOn = shown.length > SVG_LIMIT ? renderer.canvas : renderer.svg;
    for (const p of shown) {
      const tone = p.tone ?? 'default';
      const marker = L.circleMarker([p.lat, p.lng], {
        renderer: drawOn,
        radius: tone === 'flagged' ? 8 : 7,
        color: '#ffffff',
        weight: 1.5,
        fillColor: colours[tone],
        fillOpacity: 0.9,
        className: `points-map-marker points-map-marker-${tone}`,
      });
      marker.bindTooltip(textNode(p.label), { direction: 'top', offset: [0, -6] });
      marker.bindPopup(textNode(p.label), { closeButton: true, autoPanPadding: [16, 16] });
      marker.on('click', () => onSelectRef.current?.(p.id));
      layer.addLayer(marker);
    }
    if (shown.length > 0) {
      const bounds = L.latLngBounds(shown.map((p) => [p.lat, p.lng] as [number, number]));
      map.fitBounds(bounds, {
        padding: [28, 28],
        maxZoom: tiles ? FIT_MAX_ZOOM.tiles : FIT_MAX_ZOOM.outline,
      });
    } else if (indiaBounds.current) {
      map.fitBounds(indiaBounds.current);
    }
  }, [points, tiles, theme.palette.primary.main, theme.palette.error.main]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={label ?? 'Map'}
      data-points={points.length}
      sx={{
        height,
        width: '100%',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        // Leaflet's controls sit above its panes; keep them under MUI's app bar and dialogs.
        zIndex: 0,
        // The sea, where no tiles are drawn; tiles cover it when the server has them.
        '&.leaflet-container': { bgcolor: SEA, fontFamily: theme.typography.fontFamily },
      }}
    />
  );
}
