import { z } from 'zod';

/**
 * The list contract every list endpoint speaks (query string → body):
 *   page, perPage          1-based page of rows
 *   sort, order            a column the endpoint declares sortable; ASC | DESC
 *   filter                 JSON object of the endpoint's declared filters (and `q`, free-text search)
 *   cursor                 the `nextCursor` of the previous page: keyset pagination, no OFFSET
 * → { rows, total, nextCursor }. `total` is exact; `nextCursor` is null on the last page.
 */
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
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return parsed as Record<string, unknown>;
      } catch {}
      ctx.addIssue({ code: 'custom', message: 'filter must be a JSON object' });
      return z.NEVER;
    }),
  cursor: z.string().max(1000).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;
export type ListQueryInput = z.input<typeof listQuery>;

export const listResult = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), nextCursor: z.string().nullable() });

export interface ListResult<T> {
  rows: T[];
  total: number;
  nextCursor: string | null;
}
