import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams, text } from './input';

/** Messages to members (the outbox): channels, states and the languages templates exist in. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A member's language; a new one is a value here plus its templates (data), no other code. */
export const MESSAGE_LANGUAGES = ['en', 'hi', 'mr', 'gu', 'ta'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** A stored language read back: anything not (or no longer) known is English. */
export const asMessageLanguage = (value: string | null | undefined): MessageLanguage =>
  (MESSAGE_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as MessageLanguage) : 'en';

export const messageLanguage = z.enum(MESSAGE_LANGUAGES, {
  error: () => ({ message: `Language must be one of ${MESSAGE_LANGUAGES.join(', ')}` }),
});

/** `PATCH /api/app/profile`: what a member may change about themselves from the app. */
export const memberProfileUpdate = z.object({ language: messageLanguage });
export type MemberProfileUpdate = z.infer<typeof memberProfileUpdate>;

export const MESSAGE_PLATFORMS = ['android', 'ios', 'web'] as const;

/** The member's messaging settings: WhatsApp opt-in, promotional messages muted, devices for push. */
export const memberMessaging = z.object({
  language: messageLanguage,
  whatsappOptIn: z.boolean(),
  whatsappOptInAt: z.string().nullable(),
  promotionsMuted: z.boolean(),
  devices: z.number().int(),
});
export type MemberMessaging = z.infer<typeof memberMessaging>;

export const memberMessagingUpdate = z
  .object({
    whatsappOptIn: z.boolean({ error: 'WhatsApp opt-in: true or false' }).optional(),
    promotionsMuted: z.boolean({ error: 'Muting promotions: true or false' }).optional(),
  })
  .strict();

/** An FCM registration token (FCM's are ~150–200 characters of base64url and `:`). */
export const deviceBody = z.object({
  token: z
    .string({ error: 'Token: the FCM registration token' })
    .trim()
    .min(20, 'Token: the FCM registration token')
    .max(4096, 'Token: at most 4096 characters')
    .regex(/^[A-Za-z0-9_:\-.]+$/, 'Token: the FCM registration token'),
  platform: z.enum(MESSAGE_PLATFORMS, {
    error: () => ({ message: `Platform must be one of ${MESSAGE_PLATFORMS.join(', ')}` }),
  }),
});
export const deviceRemoveBody = deviceBody.pick({ token: true });

/** A message template as Manage Notification → Templates shows and edits it. */
export const messageTemplateRow = z.object({
  id: z.number().int(),
  key: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  language: z.string(),
  body: z.string(),
  variables: z.array(z.string()),
  dltTemplateId: z.string().nullable(),
  updatedAt: z.string(),
});
export type MessageTemplateRow = z.infer<typeof messageTemplateRow>;

export const messageTemplateUpdate = z.object({
  body: text(1000, {
    required: 'Text is required',
    multiline: true,
    tooLong: 'Text: at most 1000 characters',
  }),
  dltTemplateId: z
    .string()
    .trim()
    .regex(/^\d{19}$/, 'DLT template id: 19 digits')
    .nullable()
    .or(z.literal('').transform(() => null)),
});
export type MessageTemplateUpdate = z.infer<typeof messageTemplateUpdate>;

/** One outbox row in Manage Notification → Delivery log. */
export const deliveryLogRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  templateKey: z.string(),
  language: z.string(),
  recipient: z.string(),
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  causeKind: z.string(),
  causeId: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryLogRow = z.infer<typeof deliveryLogRow>;

const tags = ['messages'] as const;
const NOTIFICATIONS = '/dashboard/notifications';

export const messagesEndpoints = {
  myMessaging: endpoint({
    method: 'GET',
    path: '/app/messaging',
    access: 'member',
    tags: ['member app'],
    summary: 'My messaging settings: WhatsApp opt-in, promotions muted, devices for push',
    response: memberMessaging,
  }),
  updateMyMessaging: endpoint({
    method: 'PATCH',
    path: '/app/messaging',
    access: { memberWrite: 'messagingSettings' },
    tags: ['member app'],
    summary: 'Opt in to (or out of) WhatsApp messages; mute (or unmute) promotional messages',
    body: memberMessagingUpdate,
    response: memberMessaging,
  }),
  registerDevice: endpoint({
    method: 'POST',
    path: '/app/devices',
    access: { memberWrite: 'devices' },
    tags: ['member app'],
    summary: 'Register this device for push (its FCM registration token)',
    body: deviceBody,
    response: memberMessaging,
  }),
  removeDevice: endpoint({
    method: 'POST',
    path: '/app/devices/remove',
    access: { memberWrite: 'devices' },
    tags: ['member app'],
    summary: 'Stop push to this device (signing out of the app)',
    body: deviceRemoveBody,
    response: memberMessaging,
  }),
  whatsappVerify: endpoint({
    method: 'GET',
    path: '/messages/receipts/whatsapp',
    access: 'public',
    tags,
    summary: "Meta's webhook subscription handshake (hub.verify_token → hub.challenge)",
    query: z.object({
      'hub.mode': z.string().optional(),
      'hub.verify_token': z.string().optional(),
      'hub.challenge': z.string().max(200).optional(),
    }),
  }),
  whatsappStatuses: endpoint({
    method: 'POST',
    path: '/messages/receipts/whatsapp',
    access: 'public',
    tags,
    summary: 'WhatsApp delivery statuses (signed: X-Hub-Signature-256 with the app secret)',
    response: z.object({ updated: z.number().int() }),
  }),
  templates: endpoint({
    method: 'GET',
    path: '/admin/message-templates',
    access: { page: NOTIFICATIONS },
    tags,
    summary: 'Message templates: every event × channel × language',
    response: z.array(messageTemplateRow),
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/admin/message-templates/:id',
    access: { action: 'messages.templates' },
    tags,
    summary: "Change a template's text (the same variables) and its DLT template id",
    params: idParams,
    body: messageTemplateUpdate,
    response: messageTemplateRow,
  }),
  deliveryLog: listEndpoints('/admin/messages', {
    access: { page: NOTIFICATIONS },
    row: deliveryLogRow,
    tags,
    summary: 'Delivery log: every message to members with its status',
  }),
  resend: endpoint({
    method: 'POST',
    path: '/admin/messages/:id/resend',
    access: { action: 'messages.resend' },
    tags,
    summary: 'Send a failed message again (queued anew, same row)',
    params: idParams,
    response: deliveryLogRow,
  }),
};
