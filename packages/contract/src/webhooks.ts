import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams, text, uniqueArray } from './input';

/**
 * Webhooks out: the brand's systems subscribe to events by type; each event is delivered to every
 * active subscription that wants it, signed as the Standard Webhooks specification says
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The body of every delivery is
 * `{ id, type, timestamp, data }`; `data` is the event's schema below.
 */
export const WEBHOOKS_PAGE = '/dashboard/mainsettings/socialconnect';
export const WEBHOOK_ENTITY = 'webhook_subscription';

const memberId = z.number().int().describe("The member's id");
const memberCode = z.string().describe("The member's code");
const redemption = {
  memberId,
  redemptionId: z.number().int(),
  kind: z.string().describe('cash | gift | voucher'),
  points: z.number().int(),
  status: z.string(),
  note: z.string().nullable(),
};

/** Every event type, its meaning, the schema of its `data`, and an example of it. */
export const WEBHOOK_EVENTS = {
  'member.registered': {
    label: 'Member registered',
    data: z.object({
      memberId,
      memberCode,
      name: z.string(),
      mobile: z.string(),
      memberType: z.string(),
      state: z.string(),
    }),
    example: {
      memberId: 1042,
      memberCode: 'M001042',
      name: 'Ravi Kumar',
      mobile: '9876543210',
      memberType: 'carpenter',
      state: 'Kerala',
    },
  },
  'member.approved': {
    label: 'Member approved',
    data: z.object({ memberId, memberCode, reason: z.string().nullable() }),
    example: { memberId: 1042, memberCode: 'M001042', reason: null },
  },
  'member.blocked': {
    label: 'Member blocked',
    data: z.object({ memberId, memberCode, reason: z.string().nullable() }),
    example: { memberId: 1042, memberCode: 'M001042', reason: 'Shared codes with others' },
  },
  'kyc.decided': {
    label: 'KYC decided',
    data: z.object({
      memberId,
      submissionId: z.number().int(),
      decision: z.enum(['approved', 'rejected']),
      reason: z.string().nullable(),
    }),
    example: { memberId: 1042, submissionId: 311, decision: 'approved', reason: null },
  },
  'scan.credited': {
    label: 'Scan credited',
    data: z.object({
      memberId,
      scanId: z.number().int(),
      serial: z.number().int(),
      sku: z.string(),
      points: z.number().int(),
      balance: z.number().int(),
    }),
    example: { memberId: 1042, scanId: 88123, serial: 100245, sku: 'WIRE-2.5', points: 20, balance: 1460 },
  },
  'scan.held': {
    label: 'Scan held for review',
    data: z.object({
      memberId,
      scanId: z.number().int(),
      serial: z.number().int(),
      sku: z.string(),
      points: z.number().int(),
      heldPoints: z.number().int(),
    }),
    example: { memberId: 1042, scanId: 88124, serial: 100246, sku: 'WIRE-2.5', points: 20, heldPoints: 20 },
  },
  'scan.cleared': {
    label: 'Held scan cleared',
    data: z.object({
      memberId,
      holdId: z.number().int(),
      scanId: z.number().int(),
      points: z.number().int(),
    }),
    example: { memberId: 1042, holdId: 17, scanId: 88124, points: 20 },
  },
  'points.expired': {
    label: 'Points expired',
    data: z.object({ memberId, points: z.number().int(), balance: z.number().int() }),
    example: { memberId: 1042, points: 120, balance: 1340 },
  },
  'tier.changed': {
    label: 'Tier changed',
    data: z.object({ memberId, tier: z.string(), reason: z.string(), earned: z.number().int().nullable() }),
    example: { memberId: 1042, tier: 'Gold', reason: 'evaluated', earned: 2150 },
  },
  'redemption.requested': {
    label: 'Redemption requested',
    data: z.object(redemption),
    example: {
      memberId: 1042,
      redemptionId: 5521,
      kind: 'cash',
      points: 1000,
      status: 'pending',
      note: null,
    },
  },
  'redemption.approved': {
    label: 'Redemption approved',
    data: z.object(redemption),
    example: {
      memberId: 1042,
      redemptionId: 5521,
      kind: 'cash',
      points: 1000,
      status: 'approved',
      note: null,
    },
  },
  'redemption.rejected': {
    label: 'Redemption rejected',
    data: z.object(redemption),
    example: {
      memberId: 1042,
      redemptionId: 5521,
      kind: 'cash',
      points: 1000,
      status: 'rejected',
      note: 'KYC pending',
    },
  },
  'redemption.paid': {
    label: 'Redemption paid',
    data: z.object(redemption),
    example: { memberId: 1042, redemptionId: 5521, kind: 'cash', points: 1000, status: 'paid', note: null },
  },
  'redemption.failed': {
    label: 'Redemption payment failed',
    data: z.object(redemption),
    example: {
      memberId: 1042,
      redemptionId: 5521,
      kind: 'cash',
      points: 1000,
      status: 'failed',
      note: 'Account closed',
    },
  },
  'redemption.refunded': {
    label: 'Redemption refunded',
    data: z.object(redemption),
    example: {
      memberId: 1042,
      redemptionId: 5521,
      kind: 'cash',
      points: 1000,
      status: 'refunded',
      note: null,
    },
  },
  'payout_batch.released': {
    label: 'Payout batch released',
    data: z.object({
      batchId: z.number().int(),
      rail: z.string(),
      lines: z.number().int(),
      totalPaise: z.number().int(),
    }),
    example: { batchId: 12, rail: 'bank_file', lines: 240, totalPaise: 48_000_000 },
  },
  'coupon_batch.generated': {
    label: 'Coupon batch generated',
    data: z.object({
      batchId: z.number().int(),
      productId: z.number().int(),
      quantity: z.number().int(),
      firstSerial: z.number().int(),
    }),
    example: { batchId: 77, productId: 9, quantity: 5000, firstSerial: 100001 },
  },
  'invoice.allocated': {
    label: 'Coupons allocated to an invoice',
    data: z.object({
      allocationId: z.number().int(),
      invoiceId: z.number().int(),
      invoiceNumber: z.string(),
      coupons: z.number().int(),
    }),
    example: { allocationId: 640, invoiceId: 2210, invoiceNumber: 'INV/24-25/0912', coupons: 500 },
  },
  'webhook.test': {
    label: 'Test event (the "Send test event" button)',
    data: z.object({ subscriptionId: z.number().int(), message: z.string() }),
    example: { subscriptionId: 3, message: 'A test event sent from Main Settings → Webhooks' },
  },
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
/** What a subscription may ask for: every event but the test event, which goes only where it is sent. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'webhook.test');

/** The body of every delivery. */
export interface WebhookPayload<T extends WebhookEventType = WebhookEventType> {
  id: string;
  type: T;
  timestamp: string;
  data: z.infer<(typeof WEBHOOK_EVENTS)[T]['data']>;
}

/** The README's event catalogue: each event, its meaning and an example of its data, from the schemas above. */
export function webhookCatalogueMarkdown(): string {
  const rows = WEBHOOK_EVENT_TYPES.map((type) => {
    const event = WEBHOOK_EVENTS[type];
    return `| \`${type}\` | ${event.label} | \`${JSON.stringify(event.example)}\` |`;
  });
  return ['| event | when | example `data` |', '|---|---|---|', ...rows].join('\n');
}

export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;

const url = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL: at most 2,000 characters')
  .refine((s) => URL.canParse(s), 'URL: an absolute address, https://…');

export const webhookSubscriptionBody = z.object({
  url,
  description: text(200).optional().default(''),
  eventTypes: uniqueArray(
    z.enum(SUBSCRIBABLE_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], {
      error: 'Events: unknown event type',
    }),
    SUBSCRIBABLE_EVENT_TYPES.length,
  ).refine((types) => types.length > 0, 'Events: choose at least one'),
  active: z.boolean().optional().default(true),
});
export type WebhookSubscriptionBody = z.infer<typeof webhookSubscriptionBody>;

export const webhookSubscriptionRow = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  active: z.boolean(),
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  /** Since when deliveries fail without a success between; null when the last one succeeded. */
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  /** The previous secret still signs until then (a rotation's overlap). */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookSubscriptionRow = z.infer<typeof webhookSubscriptionRow>;

/** Answered when a subscription is made or its secret rotated: the only time the secret is shown. */
export const webhookSubscriptionWithSecret = webhookSubscriptionRow.extend({ secret: z.string() });

export const webhookRotateBody = z.object({
  overlapHours: z.coerce
    .number({ error: 'Overlap: a number of hours' })
    .int('Overlap: whole hours')
    .min(0, 'Overlap: 0 to 168 hours')
    .max(168, 'Overlap: 0 to 168 hours')
    .default(24),
});

export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  subscriptionId: z.number().int(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  memberId: z.number().int().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

const tags = ['webhooks'] as const;
const read = { page: WEBHOOKS_PAGE } as const;
const manage = { action: 'webhooks.manage' } as const;

export const webhooksEndpoints = {
  subscriptions: listEndpoints('/admin/webhooks', {
    access: read,
    row: webhookSubscriptionRow,
    tags,
    summary: 'Webhook subscriptions: the URLs events are sent to',
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/webhooks',
    access: manage,
    tags,
    summary: 'Subscribe a URL to events (its signing secret is answered once)',
    body: webhookSubscriptionBody,
    response: webhookSubscriptionWithSecret,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/webhooks/:id',
    access: manage,
    tags,
    summary: "Change a subscription's URL, events or active flag (switching it on clears its failures)",
    params: idParams,
    body: webhookSubscriptionBody,
    response: webhookSubscriptionRow,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/admin/webhooks/:id/rotate-secret',
    access: manage,
    tags,
    summary: 'A new signing secret; the old one also signs for the overlap (two signatures are sent)',
    params: idParams,
    body: webhookRotateBody,
    response: webhookSubscriptionWithSecret,
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/admin/webhooks/:id/test',
    access: manage,
    tags,
    summary: 'Send a test event (webhook.test) to this subscription',
    params: idParams,
    response: webhookDeliveryRow,
  }),
  deliveries: listEndpoints('/admin/webhook-deliveries', {
    access: read,
    row: webhookDeliveryRow,
    tags,
    summary: 'Webhook delivery log: each event to each subscription, its status, answer and latency',
  }),
  replay: endpoint({
    method: 'POST',
    path: '/admin/webhook-deliveries/:id/replay',
    access: manage,
    tags,
    summary: 'Send one delivery again (the same event id: a receiver that has it ignores it)',
    params: idParams,
    response: webhookDeliveryRow,
  }),
};
