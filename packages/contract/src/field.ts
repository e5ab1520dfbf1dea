import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './auth';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { fieldUploadQuery } from './files';
import { idParam, idParams, recordId, text, uniqueArray } from './input';
import { listQuery, listResult } from './list';
import { idempotencyHeaders } from './member-app';
import { MEMBER_STATUSES, MEMBER_TYPES, mobileNumber } from './members';
import { isAdult, PRIVACY_MESSAGES } from './privacy';

/**
 * The field app's API (`/api/field/...`, PRODUCT.md §3.7) and BDA Activity (`/dashboard/bda_activity`):
 * BDEs sign in with their mobile and field-app password, check in and out of visits, and onboard
 * members. A field token opens field routes only.
 */
export const BDA_ACTIVITY_PAGE = '/dashboard/bda_activity';
export const VISIT_TYPES = ['dealer_visit', 'carpenter_meet', 'site_visit'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const VISIT_TYPE_LABELS: Record<VisitType, string> = {
  dealer_visit: 'Dealer visit',
  carpenter_meet: 'Carpenter meet',
  site_visit: 'Site visit',
};

/**
 * A check-out farther than this from its check-in is flagged: a visit is one place, and GPS on a
 * phone outdoors is good to tens of metres, so a kilometre means the BDE left before checking out.
 */
export const FAR_CHECKOUT_METRES = 1000;
/** Photos per visit, and the size of one (JPEG, PNG or WebP). */
export const MAX_VISIT_PHOTOS = 10;
export const MAX_VISIT_PHOTO_BYTES = 5 * 1024 * 1024;

export const FIELD_MESSAGES = {
  invalid: 'Invalid mobile number or password',
  lat: 'Latitude: a number from -90 to 90',
  lng: 'Longitude: a number from -180 to 180',
  accuracy: 'Accuracy: metres, from 0 to 100000',
  partyRequired: 'Party (whom or where you visit) is required',
  openVisit: 'Check out of your open visit first',
  checkedOut: 'This visit is already checked out',
  pincode: 'Enter the 6-digit pincode',
} as const;

export const fieldLoginBody = z.object({
  mobile: mobileNumber,
  password: text(MAX_PASSWORD_LENGTH, { required: 'Password is required', trim: false }),
});
export const fieldSession = z.object({ token: z.string() });

export const fieldProfile = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  territory: z.object({
    states: z.array(z.string()),
    districts: z.array(z.string()),
    pincodes: z.array(z.string()),
  }),
  monthlyTarget: z.number().int(),
  achieved: z.number().int(),
  openVisitId: z.number().int().nullable(),
});
export type FieldProfile = z.infer<typeof fieldProfile>;

const lat = z.number({ error: FIELD_MESSAGES.lat }).min(-90, FIELD_MESSAGES.lat).max(90, FIELD_MESSAGES.lat);
const lng = z
  .number({ error: FIELD_MESSAGES.lng })
  .min(-180, FIELD_MESSAGES.lng)
  .max(180, FIELD_MESSAGES.lng);
const pincode = text(6, { tooLong: FIELD_MESSAGES.pincode }).regex(/^[1-9]\d{5}$/, FIELD_MESSAGES.pincode);

/** Where the visit is, as the party's address says: checked against the BDE's territory. */
export const visitPlace = z.object({
  state: text(80).optional(),
  district: text(80).optional(),
  pincode: pincode.optional(),
});

export const checkInBody = z.object({
  type: z.enum(VISIT_TYPES, { error: `Type is one of: ${VISIT_TYPES.join(', ')}` }),
  party: text(200, { required: FIELD_MESSAGES.partyRequired }),
  lat,
  lng,
  accuracy: z
    .number({ error: FIELD_MESSAGES.accuracy })
    .min(0, FIELD_MESSAGES.accuracy)
    .max(100_000, FIELD_MESSAGES.accuracy)
    .optional(),
  place: visitPlace.optional(),
  photoIds: uniqueArray(recordId(), MAX_VISIT_PHOTOS).default([]),
  note: text(1000, { multiline: true }).optional(),
});
export type CheckInBody = z.infer<typeof checkInBody>;

export const checkOutBody = z.object({
  lat,
  lng,
  accuracy: z
    .number({ error: FIELD_MESSAGES.accuracy })
    .min(0, FIELD_MESSAGES.accuracy)
    .max(100_000, FIELD_MESSAGES.accuracy)
    .optional(),
  notes: text(1000, { multiline: true }).optional(),
});
export type CheckOutBody = z.infer<typeof checkOutBody>;

/** A visit as the field app and BDA Activity show it. */
export const visitRow = z.object({
  id: z.number().int(),
  bdeId: z.number().int(),
  bdeCode: z.string(),
  bdeName: z.string(),
  type: z.enum(VISIT_TYPES),
  party: z.string(),
  placeState: z.string().nullable(),
  placeDistrict: z.string().nullable(),
  placePincode: z.string().nullable(),
  checkInAt: z.string(),
  checkInLat: z.number(),
  checkInLng: z.number(),
  checkInAccuracy: z.number().nullable(),
  note: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  checkOutLat: z.number().nullable(),
  checkOutLng: z.number().nullable(),
  checkOutNotes: z.string().nullable(),
  /** Metres between check-in and check-out. */
  distanceMetres: z.number().int().nullable(),
  durationMinutes: z.number().int().nullable(),
  photoIds: z.array(z.number().int()),
  membersOnboarded: z.number().int(),
  flagged: z.boolean(),
  flagReasons: z.array(z.string()),
});
export type VisitRow = z.infer<typeof visitRow>;

/** A check-in on the BDA Activity map. */
export const visitPoint = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  bdeName: z.string(),
  type: z.enum(VISIT_TYPES),
  party: z.string(),
  checkInAt: z.string(),
  flagged: z.boolean(),
});
export type VisitPoint = z.infer<typeof visitPoint>;
export const MAX_MAP_POINTS = 2000;

/** Onboarding a member from the field app: pending approval, assigned to the BDE. */
export const fieldMemberBody = z.object({
  mobile: mobileNumber,
  name: text(120, { required: 'Name is required' }),
  type: z.enum(MEMBER_TYPES, { error: `Type is one of: ${MEMBER_TYPES.join(', ')}` }),
  dateOfBirth: z.iso
    .date({ error: 'Enter the date of birth as YYYY-MM-DD' })
    .refine((d) => isAdult(d), { message: PRIVACY_MESSAGES.underAge }),
  address: z.object(
    {
      line: text(200, { required: 'Address is required' }),
      city: text(80, { required: 'City is required' }),
      district: text(80, { required: 'District is required' }),
      state: text(80, { required: 'State is required' }),
      pincode: text(6, { required: FIELD_MESSAGES.pincode, tooLong: FIELD_MESSAGES.pincode }).regex(
        /^[1-9]\d{5}$/,
        FIELD_MESSAGES.pincode,
      ),
    },
    { error: 'Address is required' },
  ),
  /** The visit during which the member was onboarded (one of the BDE's own). */
  visitId: recordId().optional(),
});
export type FieldMemberBody = z.infer<typeof fieldMemberBody>;

export const fieldMemberRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  type: z.enum(MEMBER_TYPES),
  district: z.string(),
  state: z.string(),
  pincode: z.string(),
  status: z.enum(MEMBER_STATUSES),
  visitId: z.number().int().nullable(),
  onboardedAt: z.string(),
});
export type FieldMemberRow = z.infer<typeof fieldMemberRow>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const activityTags = ['bdes'] as const;
const activity = { page: BDA_ACTIVITY_PAGE } as const;
const photoParams = z.object({ id: idParam, fileId: idParam });

/** BDA Activity: the visits, their map and their photos. */
export const fieldVisitsEndpoints = {
  ...listEndpoints('/admin/field-visits', {
    access: activity,
    row: visitRow,
    tags: activityTags,
    summary: 'Visits from the field app',
  }),
  map: endpoint({
    method: 'GET',
    path: '/admin/field-visits/map',
    access: activity,
    tags: activityTags,
    summary: `Check-ins of the current filter for the map (the newest ${MAX_MAP_POINTS})`,
    query: listQuery.pick({ filter: true }),
    response: z.object({ points: z.array(visitPoint), truncated: z.boolean() }),
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/field-visits/:id',
    access: activity,
    tags: activityTags,
    summary: 'One visit',
    params: idParams,
    response: visitRow,
  }),
  photo: endpoint({
    method: 'GET',
    path: '/admin/field-visits/:id/photos/:fileId',
    access: activity,
    tags: activityTags,
    summary: 'A photo of the visit',
    params: photoParams,
    file: true,
  }),
  photoThumbnail: endpoint({
    method: 'GET',
    path: '/admin/field-visits/:id/photos/:fileId/thumbnail',
    access: activity,
    tags: activityTags,
    summary: 'A photo of the visit (thumbnail)',
    params: photoParams,
    file: true,
  }),
};

const fieldTags = ['field app'] as const;

/**
 * The field app's API (`/api/field/...`): its own sign-in and sessions, so a field token opens no
 * staff or member route and neither of theirs opens these. Writes accept `Idempotency-Key`.
 */
export const fieldAppEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/field/login',
    access: 'public',
    tags: fieldTags,
    summary: 'BDE sign-in (mobile and field-app password)',
    body: fieldLoginBody,
    response: fieldSession,
  }),
  me: endpoint({
    method: 'GET',
    path: '/field/me',
    access: 'field',
    tags: fieldTags,
    summary: 'My profile, territory and target',
    response: fieldProfile,
  }),
  /** Answers 201 with the stored file (`memberUpload`: id, content type, size). */
  upload: endpoint({
    method: 'POST',
    path: '/field/uploads',
    access: 'field',
    tags: fieldTags,
    summary: 'Upload a visit photo (JPEG, PNG or WebP, 5 MB at most); reference it in a check-in (201)',
    query: fieldUploadQuery,
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/field/visits',
    access: 'field',
    tags: fieldTags,
    summary: 'Check in to a visit',
    headers: idempotencyHeaders,
    body: checkInBody,
    response: visitRow,
  }),
  checkOut: endpoint({
    method: 'POST',
    path: '/field/visits/:id/check-out',
    access: 'field',
    tags: fieldTags,
    summary: 'Check out of my visit',
    params: idParams,
    headers: idempotencyHeaders,
    body: checkOutBody,
    response: visitRow,
  }),
  visits: endpoint({
    method: 'GET',
    path: '/field/visits',
    access: 'field',
    tags: fieldTags,
    summary: 'My visits',
    query: listQuery,
    response: listResult(visitRow),
  }),
  onboard: endpoint({
    method: 'POST',
    path: '/field/members',
    access: 'field',
    tags: fieldTags,
    summary: 'Onboard a member (pending approval, assigned to me, counted against my target)',
    headers: idempotencyHeaders,
    body: fieldMemberBody,
    response: fieldMemberRow,
  }),
  members: endpoint({
    method: 'GET',
    path: '/field/members',
    access: 'field',
    tags: fieldTags,
    summary: 'Members I onboarded',
    query: listQuery,
    response: listResult(fieldMemberRow),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/field/logout',
    access: 'field',
    tags: fieldTags,
    summary: 'End this session',
    noContent: true,
  }),
};
