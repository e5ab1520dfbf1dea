import { z } from 'zod';

/**
 * The list contract every list endpoint speaks (query string → body):
 *   page, perPage          1-based page of rows
 *   sort, order            a column the endpoint declares sortable; ASC | DESC
 *   filter                 JSON object of the endpoint's declared filters (and `q`, free-text search)
 *   cursor                 the `nextCursor` of the previous page: keyset pagination, no OFFSET
 * → { rows, total, nextCursor, totalIsEstimate? }. `total` is exact up to 10,000; above that it
 * is the planner's estimate and `totalIsEstimate` is true (show "about N"). `nextCursor` is null
 * on the last page. Every list at `<path>` also answers `<path>/export`: the same query as xlsx.
 */

/** Text PostgreSQL cannot store (NUL) or that is not valid UTF-16 (a lone surrogate). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE = { test: (text: string) => text.includes('\0') || LONE_SURROGATE.test(text) };

/**
 * The first filter key whose value holds unstorable text, at any depth. Only own enumerable keys
 * exist in JSON.parse output, and `__proto__` arrives as an own key, never as the prototype.
 */
function unstorableKey(value: unknown, key: string): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? key : undefined;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (UNSTORABLE.test(k)) return key;
      const found = unstorableKey(v, key);
      if (found) return found;
    }
  }
  return undefined;
}
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.string().max(64).optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  filter: z
    .string()
    .max(4000)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return {} as Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          for (const [key, value] of Object.entries(parsed)) {
            if (unstorableKey(value, key) !== undefined || UNSTORABLE.test(key)) {
              ctx.addIssue({ code: 'custom', path: [key], message: 'Text with a NUL or broken character' });
              return z.NEVER;
            }
          }
          return parsed as Record<string, unknown>;
        }
      } catch {}
      ctx.addIssue({ code: 'custom', message: 'filter must be a JSON object' });
      return z.NEVER;
    }),
  cursor: z.string().max(1000).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;
export type ListQueryInput = z.input<typeof listQuery>;

export const listResult = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
    totalIsEstimate: z.boolean().optional(),
  });

export interface ListResult<T> {
  rows: T[];
  total: number;
  nextCursor: string | null;
  /** True when `total` is the planner's estimate (more than 10,000 rows match). */
  totalIsEstimate?: boolean;
}
