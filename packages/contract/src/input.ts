import { z } from 'zod';

/**
 * The rules every value a client sends passes, whatever the route: text without control characters
 * or broken UTF-16, trimmed and bounded; ids as strict decimal within the database's integer range;
 * arrays bounded and without repeats. PostgreSQL refuses NUL in text and lone surrogates in jsonb
 * with an error that would otherwise surface as a 500; refused here, they answer 400 naming the field.
 */

/** Largest id: foreign keys are 4-byte integers, and PostgreSQL errors on a larger value. */
export const MAX_ID = 2_147_483_647;

export const INPUT_MESSAGES = {
  badCharacters: 'Remove the control characters or broken symbols from this text',
  tooLong: (max: number) => `At most ${max.toLocaleString('en-IN')} characters`,
  id: 'Must be a record id: a whole number from 1, digits only',
  tooMany: (max: number) => `At most ${max.toLocaleString('en-IN')} items`,
  repeated: 'The same item is listed more than once',
} as const;

const isTabOrLineBreak = (c: number) => c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * Whether `s` holds a C0 control character or DEL (multi-line text may hold tab and line breaks) or
 * half of a UTF-16 surrogate pair without its other half.
 */
export function hasForbiddenCharacters(s: string, multiline = false): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) {
      if (multiline && isTabOrLineBreak(c)) continue;
      return true;
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

export interface TextOptions {
  /** Message when absent or empty; without it the text may be empty (add `.optional()` as needed). */
  required?: string;
  /** Message over `max`; a generic one otherwise. */
  tooLong?: string;
  /** Notes, reasons and comments: tab and line breaks are allowed. */
  multiline?: boolean;
  /** Passwords keep their spaces; everything else is trimmed. */
  trim?: boolean;
}

/** Every string a request carries: the character rule first (its message alone), then trim and bounds. */
export function text(max: number, options: TextOptions = {}) {
  const { required, multiline = false, trim = true } = options;
  let schema = z
    .string(required ? { error: required } : undefined)
    .refine((v) => !hasForbiddenCharacters(v, multiline), {
      message: INPUT_MESSAGES.badCharacters,
      abort: true,
    });
  if (trim) schema = schema.trim();
  if (required) schema = schema.min(1, required);
  return schema.max(max, options.tooLong ?? INPUT_MESSAGES.tooLong(max));
}

/** An id in a path or query string: digits only, so `0x10`, `1e1`, ` 1`, `01` and `-1` are refused. */
export const idParam = z
  .string({ error: INPUT_MESSAGES.id })
  .regex(/^[1-9][0-9]{0,9}$/, INPUT_MESSAGES.id)
  .refine((s) => Number(s) <= MAX_ID, INPUT_MESSAGES.id)
  .transform(Number);

/** Path parameters of a route about one record. */
export const idParams = z.object({ id: idParam });

/** An id in a JSON body: a whole number from 1 within the database's range. */
export const recordId = (message: string = INPUT_MESSAGES.id) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

/**
 * A list in a request: at most `max` items and none twice (compared by `key`, the item itself by
 * default). A repeat is reported on the list, so the form shows it under the field.
 */
export function uniqueArray<T extends z.ZodType>(
  item: T,
  max: number,
  options: { error?: string; tooMany?: string; key?: (value: z.output<T>) => unknown } = {},
) {
  const key = options.key ?? ((v: z.output<T>) => v);
  return z
    .array(item, options.error ? { error: options.error } : undefined)
    .max(max, options.tooMany ?? INPUT_MESSAGES.tooMany(max))
    .refine((list) => new Set(list.map(key)).size === list.length, INPUT_MESSAGES.repeated);
}
