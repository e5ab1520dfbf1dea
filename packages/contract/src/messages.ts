import { z } from 'zod';

/** Messages to members (the outbox): channels, states and the languages templates exist in. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A member's language; a new one is a value here plus its templates (data), no other code. */
export const MESSAGE_LANGUAGES = ['en', 'hi'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const messageLanguage = z.enum(MESSAGE_LANGUAGES, {
  error: () => ({ message: `Language must be one of ${MESSAGE_LANGUAGES.join(', ')}` }),
});

/** `PATCH /api/app/profile`: what a member may change about themselves from the app. */
export const memberProfileUpdate = z.object({ language: messageLanguage });
export type MemberProfileUpdate = z.infer<typeof memberProfileUpdate>;
