import { z } from 'zod';
import { auditEntry } from './audit';
import { bulkDecisionBody, bulkDecisionResult } from './decisions';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParam, idParams, recordId, text, uniqueArray } from './input';
import { idempotencyHeaders } from './member-app';

/**
 * Project Registration (PRODUCT.md §3.7): members register the sites they work on; staff approve
 * (the bonus in force is posted once to the ledger as `project_bonus`) or reject with a reason.
 */
export const PROJECTS_PAGE = '/dashboard/project_registration';

export const PROJECT_STATES = ['submitted', 'approved', 'rejected'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

export const PROJECT_TYPES = ['residential', 'commercial', 'hospitality', 'institutional', 'other'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  hospitality: 'Hospitality',
  institutional: 'Institutional',
  other: 'Other',
};

export const PROJECT_STAGES = ['planning', 'foundation', 'structure', 'finishing', 'completed'] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];
export const PROJECT_STAGE_LABELS: Record<ProjectStage, string> = {
  planning: 'Planning',
  foundation: 'Foundation',
  structure: 'Structure',
  finishing: 'Finishing',
  completed: 'Completed',
};

export const MAX_PROJECT_PHOTOS = 5;

export const PROJECT_MESSAGES = {
  name: 'Enter the project name',
  siteAddress: 'Enter the site address',
  pincode: 'Enter the 6-digit pincode',
  type: `Project type is one of: ${PROJECT_TYPES.join(', ')}`,
  stage: `Project stage is one of: ${PROJECT_STAGES.join(', ')}`,
  quantity: 'Expected quantity is a whole number from 1 to 10,00,000',
  latitude: 'Latitude is a number from -90 to 90',
  longitude: 'Longitude is a number from -180 to 180',
  bothCoordinates: 'Give both latitude and longitude, or neither',
  photo: 'Upload the photo first (POST /api/app/uploads?purpose=project_photo): it must be your own image',
} as const;

const M = PROJECT_MESSAGES;

/** Body of POST /api/app/projects. */
export const projectCreateBody = z
  .object({
    name: text(120, { required: M.name }),
    siteAddress: text(300, { required: M.siteAddress, multiline: true }),
    pincode: text(6, { required: M.pincode, tooLong: M.pincode }).regex(/^[1-9]\d{5}$/, M.pincode),
    latitude: z.number({ error: M.latitude }).min(-90, M.latitude).max(90, M.latitude).nullish(),
    longitude: z.number({ error: M.longitude }).min(-180, M.longitude).max(180, M.longitude).nullish(),
    type: z.enum(PROJECT_TYPES, { error: M.type }),
    stage: z.enum(PROJECT_STAGES, { error: M.stage }),
    expectedQuantity: z
      .number({ error: M.quantity })
      .int(M.quantity)
      .min(1, M.quantity)
      .max(1_000_000, M.quantity),
    photoFileIds: uniqueArray(recordId(), MAX_PROJECT_PHOTOS, {
      tooMany: `At most ${MAX_PROJECT_PHOTOS} photos`,
    }).default([]),
  })
  .refine((b) => (b.latitude == null) === (b.longitude == null), {
    message: M.bothCoordinates,
    path: ['longitude'],
  });
export type ProjectCreateBody = z.infer<typeof projectCreateBody>;
export type ProjectCreateInput = z.input<typeof projectCreateBody>;

/** A project as the back-office lists it. */
export const projectRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  memberMobile: z.string(),
  name: z.string(),
  siteAddress: z.string(),
  pincode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  type: z.enum(PROJECT_TYPES),
  stage: z.enum(PROJECT_STAGES),
  expectedQuantity: z.number().int(),
  photoCount: z.number().int(),
  state: z.enum(PROJECT_STATES),
  reason: z.string().nullable(),
  bonusPoints: z.number().int().nullable(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProjectRow = z.infer<typeof projectRow>;

export const projectPhoto = z.object({
  fileId: z.number().int(),
  contentType: z.string(),
  hasThumbnail: z.boolean(),
});
export type ProjectPhoto = z.infer<typeof projectPhoto>;

/** One project with its photos (served through /admin/projects/:id/photos/:fileId). */
export const projectDetail = projectRow.extend({ photos: z.array(projectPhoto) });
export type ProjectDetail = z.infer<typeof projectDetail>;

/** The member app's own view: no staff names. */
export const memberProject = z.object({
  id: z.number().int(),
  name: z.string(),
  siteAddress: z.string(),
  pincode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  type: z.enum(PROJECT_TYPES),
  stage: z.enum(PROJECT_STAGES),
  expectedQuantity: z.number().int(),
  photoCount: z.number().int(),
  state: z.enum(PROJECT_STATES),
  reason: z.string().nullable(),
  bonusPoints: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberProject = z.infer<typeof memberProject>;

/** Approve one project: an optional note. */
export const projectApproveBody = z.object({ reason: text(500, { multiline: true }).optional() });
/** Reject one project: the reason is required (the member sees it). */
export const projectRejectBody = z.object({
  reason: text(500, { required: 'Give a reason', multiline: true }),
});

/** Approve or reject one or many: the reason through the text rule (required to reject; the flow says so). */
export const projectBulkBody = bulkDecisionBody.extend({
  reason: text(500, { multiline: true }).optional(),
});

/** The project bonus: points credited on approval, a setting with effective-from history. */
export const projectBonusSettingBody = z.object({
  points: z
    .number({ error: 'Points are required' })
    .int('Points are whole numbers')
    .min(0, 'Points cannot be negative')
    .max(100_000, 'At most 1,00,000 points'),
  effectiveFrom: z.iso.date({ error: 'Enter the date it takes effect (YYYY-MM-DD)' }),
});
export type ProjectBonusSettingBody = z.infer<typeof projectBonusSettingBody>;

export const projectBonusSettingRow = z.object({
  id: z.number().int(),
  points: z.number().int(),
  effectiveFrom: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type ProjectBonusSettingRow = z.infer<typeof projectBonusSettingRow>;

/** The member app's projects: register one (photos uploaded first, purpose project_photo), list own. */
export const projectsAppEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/app/projects',
    access: { memberWrite: 'registerProject' },
    tags: ['member app'],
    summary: 'Register a project (photos: ids from POST /api/app/uploads?purpose=project_photo)',
    headers: idempotencyHeaders,
    body: projectCreateBody,
    response: memberProject,
  }),
  list: endpoint({
    method: 'GET',
    path: '/app/projects',
    access: 'member',
    tags: ['member app'],
    summary: 'My projects, newest first, with state and reason',
    response: z.array(memberProject),
  }),
};

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['projects'] as const;
const access = { page: PROJECTS_PAGE } as const;
const deciding = { action: 'projects.decide' } as const;
const photoParams = idParams.extend({ fileId: idParam });

/** Project Registration: list, export, detail with photos and history, decisions, the bonus setting. */
export const projectsEndpoints = {
  ...listEndpoints('/admin/projects', {
    access,
    row: projectRow,
    tags,
    summary: 'Projects members registered',
  }),
  /** All Users → member detail: the member's projects. */
  ofMember: listEndpoints('/admin/users/:id/projects', {
    access: { page: '/dashboard/users' },
    row: projectRow,
    tags: ['members'],
    summary: 'Projects tab',
    params: idParams,
  }),
  bonusSettings: endpoint({
    method: 'GET',
    path: '/admin/projects/bonus-settings',
    access,
    tags,
    summary: 'Project bonus points: history, in force flagged (none: no bonus)',
    response: z.array(projectBonusSettingRow),
  }),
  setBonus: endpoint({
    method: 'POST',
    path: '/admin/projects/bonus-settings',
    access: { action: 'projects.configure' },
    tags,
    summary: 'Set the project bonus points from a date',
    body: projectBonusSettingBody,
    response: z.array(projectBonusSettingRow),
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/projects/:id',
    access,
    tags,
    summary: 'One project with its photos',
    params: idParams,
    response: projectDetail,
  }),
  history: endpoint({
    method: 'GET',
    path: '/admin/projects/:id/history',
    access,
    tags,
    summary: 'History of the project (audit)',
    params: idParams,
    response: z.array(auditEntry),
  }),
  photo: endpoint({
    method: 'GET',
    path: '/admin/projects/:id/photos/:fileId',
    access,
    tags,
    summary: 'A photo of the project (an attachment)',
    params: photoParams,
    file: true,
  }),
  photoThumbnail: endpoint({
    method: 'GET',
    path: '/admin/projects/:id/photos/:fileId/thumbnail',
    access,
    tags,
    summary: 'A photo of the project (thumbnail) (an attachment)',
    params: photoParams,
    file: true,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/projects/:id/approve',
    access: deciding,
    tags,
    summary: 'Approve (credits the bonus in force, once)',
    params: idParams,
    body: projectApproveBody,
    response: projectRow,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/projects/:id/reject',
    access: deciding,
    tags,
    summary: 'Reject with a reason',
    params: idParams,
    body: projectRejectBody,
    response: projectRow,
  }),
  approveMany: endpoint({
    method: 'POST',
    path: '/admin/projects/approve',
    access: deciding,
    tags,
    summary: 'Approve one or many: an outcome per row',
    body: projectBulkBody,
    response: bulkDecisionResult,
  }),
  rejectMany: endpoint({
    method: 'POST',
    path: '/admin/projects/reject',
    access: deciding,
    tags,
    summary: 'Reject (reason required) one or many: an outcome per row',
    body: projectBulkBody,
    response: bulkDecisionResult,
  }),
};
