import { z } from 'zod';
import { auditEntry } from './audit';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParam, idParams, recordId, text, uniqueArray } from './input';
import { idempotencyHeaders } from './member-app';

/**
 * Feedbacks Data (PRODUCT.md §3.7): member feedback moves `open → in_progress → resolved`; staff
 * replies are shown to the member in the app.
 */
export const FEEDBACK_PAGE = '/dashboard/feedback';

export const FEEDBACK_STATES = ['open', 'in_progress', 'resolved'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
export const FEEDBACK_STATE_LABELS: Record<FeedbackState, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
};
/** The usual next step of each state (the back-office's button). */
export const FEEDBACK_NEXT: Record<FeedbackState, FeedbackState | null> = {
  open: 'in_progress',
  in_progress: 'resolved',
  resolved: null,
};
/**
 * Every move a state may make. A staff reply moves open feedback to in progress by itself; open
 * feedback may also be resolved at once, with the reply that tells the member how.
 */
export const FEEDBACK_MOVES: Record<FeedbackState, readonly FeedbackState[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: [],
};

export const FEEDBACK_CATEGORIES = ['product', 'scheme', 'points', 'redemption', 'app', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  product: 'Product',
  scheme: 'Scheme',
  points: 'Points',
  redemption: 'Redemption',
  app: 'App',
  other: 'Other',
};

export const MAX_FEEDBACK_ATTACHMENTS = 3;

export const FEEDBACK_MESSAGES = {
  category: `Category is one of: ${FEEDBACK_CATEGORIES.join(', ')}`,
  rating: 'Rating is a whole number from 1 to 5',
  message: 'Write your feedback',
  attachment:
    'Upload the file first (POST /api/app/uploads?purpose=feedback_attachment): it must be your own upload',
  reply: 'Write the reply',
  resolveWithReply: 'Write the reply that tells the member how it was resolved',
} as const;
const M = FEEDBACK_MESSAGES;

/** Body of POST /api/app/feedback. */
export const feedbackCreateBody = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: M.category }),
  rating: z.number({ error: M.rating }).int(M.rating).min(1, M.rating).max(5, M.rating),
  message: text(2000, { required: M.message, multiline: true }),
  attachmentFileIds: uniqueArray(recordId(), MAX_FEEDBACK_ATTACHMENTS, {
    tooMany: `At most ${MAX_FEEDBACK_ATTACHMENTS} attachments`,
  }).default([]),
});
export type FeedbackCreateBody = z.infer<typeof feedbackCreateBody>;

export const feedbackRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  memberMobile: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  rating: z.number().int(),
  message: z.string(),
  state: z.enum(FEEDBACK_STATES),
  attachmentCount: z.number().int(),
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

export const feedbackReply = z.object({
  id: z.number().int(),
  staffName: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type FeedbackReply = z.infer<typeof feedbackReply>;

export const feedbackAttachment = z.object({
  fileId: z.number().int(),
  contentType: z.string(),
  hasThumbnail: z.boolean(),
});
export type FeedbackAttachment = z.infer<typeof feedbackAttachment>;

export const feedbackDetail = feedbackRow.extend({
  attachments: z.array(feedbackAttachment),
  replies: z.array(feedbackReply),
});
export type FeedbackDetail = z.infer<typeof feedbackDetail>;

/** The member's own feedback with the staff replies (the replier shown as the support team). */
export const memberFeedback = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  rating: z.number().int(),
  message: z.string(),
  state: z.enum(FEEDBACK_STATES),
  attachmentCount: z.number().int(),
  createdAt: z.string(),
  replies: z.array(z.object({ id: z.number().int(), text: z.string(), createdAt: z.string() })),
});
export type MemberFeedback = z.infer<typeof memberFeedback>;

export const feedbackReplyBody = z.object({ text: text(2000, { required: M.reply, multiline: true }) });
export const feedbackMoveBody = z.object({
  to: z.enum(['in_progress', 'resolved'], { error: 'Move to in_progress or resolved' }),
  /** A reply posted with the move; resolving open feedback needs one. */
  reply: text(2000, { multiline: true }).optional(),
});
export type FeedbackMoveBody = z.infer<typeof feedbackMoveBody>;

/** The member app's feedback: send one (attachments uploaded first), read own with the replies. */
export const feedbackAppEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/app/feedback',
    access: { memberWrite: 'feedback' },
    tags: ['member app'],
    summary: 'Send feedback (attachments: ids from POST /api/app/uploads?purpose=feedback_attachment)',
    headers: idempotencyHeaders,
    body: feedbackCreateBody,
    response: memberFeedback,
  }),
  list: endpoint({
    method: 'GET',
    path: '/app/feedback',
    access: 'member',
    tags: ['member app'],
    summary: 'My feedback, newest first, with the staff replies',
    response: z.array(memberFeedback),
  }),
};

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['feedback'] as const;
const access = { page: FEEDBACK_PAGE } as const;
const responding = { action: 'feedback.respond' } as const;
const attachmentParams = idParams.extend({ fileId: idParam });

/** Feedbacks Data: list, export, detail with attachments and replies, reply, move state. */
export const feedbackEndpoints = {
  ...listEndpoints('/admin/feedback', { access, row: feedbackRow, tags, summary: 'Member feedback' }),
  /** All Users → member detail: the member's feedback. */
  ofMember: listEndpoints('/admin/users/:id/feedback', {
    access: { page: '/dashboard/users' },
    row: feedbackRow,
    tags: ['members'],
    summary: 'Feedback tab',
    params: idParams,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/feedback/:id',
    access,
    tags,
    summary: 'One feedback with attachments and replies',
    params: idParams,
    response: feedbackDetail,
  }),
  history: endpoint({
    method: 'GET',
    path: '/admin/feedback/:id/history',
    access,
    tags,
    summary: 'History of the feedback (audit)',
    params: idParams,
    response: z.array(auditEntry),
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/admin/feedback/:id/attachments/:fileId',
    access,
    tags,
    summary: 'An attachment of the feedback',
    params: attachmentParams,
    file: true,
  }),
  attachmentThumbnail: endpoint({
    method: 'GET',
    path: '/admin/feedback/:id/attachments/:fileId/thumbnail',
    access,
    tags,
    summary: 'An attachment of the feedback (thumbnail)',
    params: attachmentParams,
    file: true,
  }),
  reply: endpoint({
    method: 'POST',
    path: '/admin/feedback/:id/replies',
    access: responding,
    tags,
    summary: 'Reply (the member sees it in the app)',
    params: idParams,
    body: feedbackReplyBody,
    response: feedbackDetail,
  }),
  move: endpoint({
    method: 'POST',
    path: '/admin/feedback/:id/move',
    access: responding,
    tags,
    summary:
      'Move open → in_progress → resolved, or open → resolved with a reply (409 otherwise); a reply may go with the move',
    params: idParams,
    body: feedbackMoveBody,
    response: feedbackDetail,
  }),
};
