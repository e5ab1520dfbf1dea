import type { MessageChannel } from '@app/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { messageTemplates } from '../../db/schema/messages';
import { MESSAGE_TEXTS } from './templates.data';

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9_]*)\}/g;

/** DLT allows at most 30 characters in one SMS variable; a tracking link is let through whole. */
export const SMS_VARIABLE_LIMIT = 30;
const LONG_VARIABLES: Record<string, number> = { link: 200 };

/** The variables a template body uses, in order of first use. */
export const placeholdersOf = (body: string): string[] => [
  ...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

export class TemplateError extends Error {}

/**
 * A value as it may stand in a message: text only, no control characters or line breaks (a
 * variable cannot add lines or forge a second message), spaces collapsed; in an SMS within DLT's
 * length per variable (longer free text is shortened with an ellipsis).
 */
export function cleanVariable(name: string, value: unknown, channel: MessageChannel): string {
  if (value === null || value === undefined) throw new TemplateError(`Message variable ${name} is missing`);
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new TemplateError(`Message variable ${name} must be text or a number`);
  const text = String(value)
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') throw new TemplateError(`Message variable ${name} is empty`);
  const limit = channel === 'sms' ? (LONG_VARIABLES[name] ?? SMS_VARIABLE_LIMIT) : 1000;
  return [...text].length > limit ? `${[...text].slice(0, limit - 1).join('')}…` : text;
}

/**
 * Fills `{name}` placeholders in one pass, so a value that itself looks like `{code}` stays as it is.
 * Every placeholder needs its variable: a missing one is an error, never an empty gap in a message.
 */
export function renderTemplate(
  body: string,
  variables: Record<string, unknown>,
  channel: MessageChannel = 'sms',
): string {
  // Each variable cleaned once (a missing one throws before anything is filled), then filled in.
  const values = new Map<string, string>();
  for (const name of placeholdersOf(body)) values.set(name, cleanVariable(name, variables[name], channel));
  return body.replace(PLACEHOLDER, (_, name: string) => values.get(name)!);
}

export interface TemplateRow {
  key: string;
  channel: string;
  language: string;
  body: string;
  dltTemplateId: string | null;
}

/** The template in the member's language, or in English when that language has none. */
export async function findTemplate(
  tx: Executor,
  key: string,
  channel: MessageChannel,
  language: string,
): Promise<TemplateRow | null> {
  const rows = await tx
    .select({
      key: messageTemplates.key,
      channel: messageTemplates.channel,
      language: messageTemplates.language,
      body: messageTemplates.body,
      dltTemplateId: messageTemplates.dltTemplateId,
    })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.key, key),
        eq(messageTemplates.channel, channel),
        inArray(messageTemplates.language, [...new Set([language, 'en'])]),
      ),
    );
  return rows.find((r) => r.language === language) ?? rows.find((r) => r.language === 'en') ?? null;
}

/** Adds the built-in texts a database lacks; a row staff changed is never overwritten. */
export async function seedMessageTemplates(db: Executor): Promise<void> {
  await db
    .insert(messageTemplates)
    .values(
      MESSAGE_TEXTS.map((t) => ({
        key: t.key,
        channel: t.channel,
        language: t.language,
        body: t.body,
        variables: placeholdersOf(t.body),
      })),
    )
    .onConflictDoNothing();
}
