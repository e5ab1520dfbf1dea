import { z } from 'zod';
import { endpoint } from './endpoint';
import { historyEndpoint, listEndpoints, uploadEndpoints } from './endpoint-kits';
import { idParams, recordId, text, uniqueArray } from './input';
import { INDIAN_STATES, MEMBER_TYPES } from './members';
import { campaignTarget } from './segments';
import { rowError, UPLOAD_STATUSES } from './uploads';

/** Manage Notification (`/dashboard/notifications`, PRODUCT.md 3.8) and the member app's inbox. */

export const NOTIFICATIONS_PAGE = '/dashboard/notifications';
export const NOTIFICATION_ENTITY = 'notification';

/**
 * scheduled: waiting for its time (send now = scheduled for now); sending: the fan-out runs;
 * sent: every recipient's inbox has it; cancelled: stopped before sending, reaches no one;
 * failed: the fan-out gave up (recipients so far keep what they got).
 */
export const NOTIFICATION_STATES = ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

export const AUDIENCE_KINDS = ['all', 'types', 'states', 'list', 'segment'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export const NOTIFICATION_MESSAGES = {
  titleRequired: 'Title is required',
  bodyRequired: 'Message is required',
  linkInvalid: 'Link: an http(s) address or an app screen path starting with /',
  typesRequired: 'Choose at least one member type',
  statesRequired: 'Choose at least one state',
  uploadRequired: 'Upload the list of member codes or mobiles first',
  uploadUnknown: 'This member list is not one of your uploads',
  uploadEmpty: 'The uploaded list has no valid members',
  sendAtPast: 'The scheduled time must be in the future',
  sendAtFar: 'Schedule at most one year ahead',
  sendAtInvalid: 'A date and time, e.g. 2026-11-23T18:30:00+05:30',
  imageInvalid: 'Upload an image for this notification first (JPEG, PNG or WebP)',
  cancelNotScheduled: 'Only a notification that has not started sending can be cancelled',
  memberRequired: 'Member code or mobile is required',
  memberUnknown: 'No member with this code or mobile',
  memberInactive: 'This member is blocked or rejected and gets no notifications',
  memberRepeated: (row: number) => `The same member is already on row ${row}`,
} as const;

/** Who gets it: everyone, some member types, some states, an uploaded list (its upload id) or a segment. */
export const notificationAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('types'),
    types: uniqueArray(z.enum(MEMBER_TYPES), MEMBER_TYPES.length).min(1, NOTIFICATION_MESSAGES.typesRequired),
  }),
  z.object({
    kind: z.literal('states'),
    states: uniqueArray(z.enum(INDIAN_STATES), INDIAN_STATES.length).min(
      1,
      NOTIFICATION_MESSAGES.statesRequired,
    ),
  }),
  z.object({ kind: z.literal('list'), uploadId: recordId(NOTIFICATION_MESSAGES.uploadRequired) }),
  /** A saved segment, frozen into a campaign when the notification is created, less the holdout. */
  campaignTarget.extend({ kind: z.literal('segment') }),
]);
export type NotificationAudience = z.infer<typeof notificationAudience>;

const link = text(500, { tooLong: NOTIFICATION_MESSAGES.linkInvalid }).refine(
  (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s]*$/.test(v),
  NOTIFICATION_MESSAGES.linkInvalid,
);

export const notificationCreateBody = z.object({
  title: text(120, { required: NOTIFICATION_MESSAGES.titleRequired }),
  body: text(1000, { required: NOTIFICATION_MESSAGES.bodyRequired, multiline: true }),
  /** An image uploaded with POST /files?purpose=notification_image. */
  imageFileId: recordId(NOTIFICATION_MESSAGES.imageInvalid).nullish(),
  link: link.nullish(),
  audience: notificationAudience,
  /** When to send (ISO with offset; the page sends IST); absent or null: now. */
  sendAt: z.iso.datetime({ offset: true, error: NOTIFICATION_MESSAGES.sendAtInvalid }).nullish(),
});
export type NotificationCreateBody = z.infer<typeof notificationCreateBody>;

export const notificationRow = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  hasImage: z.boolean(),
  audienceKind: z.enum(AUDIENCE_KINDS),
  /** "All members", "Carpenter, Dealer", "Kerala, Goa", "Uploaded list (120 members)". */
  audienceSummary: z.string(),
  state: z.enum(NOTIFICATION_STATES),
  sendAt: z.string(),
  /** Members the fan-out expects to reach (counted when it starts). */
  expected: z.number().int().nullable(),
  /** Inbox messages made so far. */
  recipients: z.number().int(),
  /** Handed to the push sender. */
  delivered: z.number().int(),
  read: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** The fan-out's task was left by a dead instance and is being resumed. */
  interrupted: z.boolean(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const NOTIFICATION_FILTERS = ['q', 'state', 'audienceKind', 'createdAt'] as const;

/** The audience upload: one column, a member code (M000042) or a 10-digit mobile per row. */
export const AUDIENCE_UPLOAD_COLUMNS = ['Member code or mobile'] as const;
export type AudienceUploadColumn = (typeof AUDIENCE_UPLOAD_COLUMNS)[number];

export const audienceUploadResult = z.object({
  status: z.enum(UPLOAD_STATUSES),
  /** Use as audience `{ kind: 'list', uploadId }`; null when nothing was kept. */
  uploadId: z.number().int().nullable(),
  rowsTotal: z.number().int(),
  rowsValid: z.number().int(),
  /** Members on the kept list. */
  members: z.number().int(),
  rowsRejected: z.number().int(),
  errors: z.array(rowError),
  errorsTotal: z.number().int(),
  errorReportId: z.number().int().nullable(),
});
export type AudienceUploadResult = z.infer<typeof audienceUploadResult>;

/** The member app's inbox. */
export const inboxMessage = z.object({
  id: z.number().int(),
  /** The staff notification; null for a step message (registration, KYC, a redemption step...). */
  notificationId: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  /** GET this path (member token) for the image; null without one. */
  imagePath: z.string().nullable(),
  receivedAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const INBOX_PAGE_MAX = 100;
export const inboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(20),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'cursor: the nextCursor of the previous page')
    .optional(),
});
export const inboxPage = z.object({ items: z.array(inboxMessage), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPage>;
export const unreadCount = z.object({ unread: z.number().int() });

const appTags = ['member app'] as const;

/** The member app's inbox: what Manage Notification fanned out to this member, and every step message. */
export const inboxAppEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/app/inbox',
    access: 'member',
    tags: appTags,
    summary: 'My inbox, newest first (keyset: pass nextCursor as cursor)',
    query: inboxQuery,
    response: inboxPage,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/app/inbox/unread-count',
    access: 'member',
    tags: appTags,
    summary: 'How many of my messages are unread',
    response: unreadCount,
  }),
  read: endpoint({
    method: 'POST',
    path: '/app/inbox/:id/read',
    access: { memberWrite: 'readInboxMessage' },
    tags: appTags,
    summary: 'Mark one of my messages read (repeat-safe: a second call changes nothing)',
    params: idParams,
    response: inboxMessage,
  }),
  image: endpoint({
    method: 'GET',
    path: '/app/inbox/:id/image',
    access: 'member',
    tags: appTags,
    summary: 'The image of one of my messages',
    params: idParams,
    file: true,
  }),
};

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['notifications'] as const;
const access = { page: NOTIFICATIONS_PAGE } as const;
const sending = { action: 'notifications.send' } as const;

/** Manage Notification → Compose: compose, schedule, cancel, the audience upload, and the history. */
export const notificationsEndpoints = {
  /** One notification's history (created, cancelled, …). */
  history: historyEndpoint('/admin/notifications', { page: NOTIFICATIONS_PAGE }, 'notification', [
    'notifications',
  ]),
  ...listEndpoints('/admin/notifications', {
    access,
    row: notificationRow,
    tags,
    summary: 'Notifications: state, audience, recipients, delivered and read counts',
  }),
  audience: uploadEndpoints(
    {
      upload: '/admin/notifications/audience-upload',
      template: '/admin/notifications/audience-template',
      errors: '/admin/notifications/audience-upload/errors',
    },
    {
      access,
      write: sending,
      tags,
      summary:
        'Upload a list of member codes or mobiles (multipart field "file") for an audience; applyValid=true keeps the good rows of a file with errors',
      result: audienceUploadResult,
    },
  ),
  one: endpoint({
    method: 'GET',
    path: '/admin/notifications/:id',
    access,
    tags,
    summary: 'One notification',
    params: idParams,
    response: notificationRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/notifications',
    access: sending,
    tags,
    summary: 'Compose a notification: send now (no sendAt) or schedule it',
    body: notificationCreateBody,
    response: notificationRow,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/notifications/:id/cancel',
    access: sending,
    tags,
    summary: 'Cancel a notification that has not started sending (409 otherwise)',
    params: idParams,
    response: notificationRow,
  }),
  image: endpoint({
    method: 'GET',
    path: '/admin/notifications/:id/image',
    access,
    tags,
    summary: 'The notification’s image',
    params: idParams,
    file: true,
  }),
  imageThumbnail: endpoint({
    method: 'GET',
    path: '/admin/notifications/:id/image/thumbnail',
    access,
    tags,
    summary: 'The notification’s image (thumbnail)',
    params: idParams,
    file: true,
  }),
};
