import { FAR_CHECKOUT_METRES } from '@app/contract/field';

export interface TerritoryLists {
  states: readonly string[];
  districts: readonly string[];
  pincodes: readonly string[];
}
export interface Place {
  state?: string;
  district?: string;
  pincode?: string;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why a check-in is outside the BDE's territory, or null when it is inside. The place is the
 * visited party's address as the field app sends it (pincode, district, state): a point alone
 * cannot be placed in a district without boundary data this product does not carry. A place in
 * any of the territory's pincodes, districts or states is inside; a visit that states no place
 * cannot be checked and is flagged for that.
 */
export function territoryFlag(territory: TerritoryLists, place: Place | undefined): string | null {
  const { state, district, pincode } = place ?? {};
  if (!state && !district && !pincode) return 'No place stated: the territory could not be checked';
  const inside =
    (pincode !== undefined && territory.pincodes.includes(pincode)) ||
    (district !== undefined && territory.districts.some((d) => same(d, district))) ||
    (state !== undefined && territory.states.some((s) => same(s, state)));
  if (inside) return null;
  const where = [pincode, district, state].filter(Boolean).join(', ');
  return `Outside the territory: ${where}`;
}

/** Why a check-out is suspicious (too far from its check-in), or null. */
export function farFlag(metres: number): string | null {
  if (metres <= FAR_CHECKOUT_METRES) return null;
  const km = (metres / 1000).toLocaleString('en-IN', { maximumFractionDigits: 1 });
  return `Checked out ${km} km from the check-in (more than ${FAR_CHECKOUT_METRES / 1000} km)`;
}
