import type { z } from 'zod';

/**
 * Client-side validation with the contract's own body schema, before any request: the first message
 * of each field (as the server would answer it), or null when the body is valid.
 */
export function fieldErrorsOf(
  schema: z.ZodType,
  body: unknown,
  /** `nested`: a field inside a list is named by its whole path (`tiers.0.name`), as the server names it. */
  options: { nested?: boolean } = {},
): Record<string, string> | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = options.nested ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return Object.keys(errors).length > 0 ? errors : { '': parsed.error.issues[0]?.message ?? 'Invalid' };
}
