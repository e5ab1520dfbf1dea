/** An expected failure with the HTTP status and the body `{error, message, fields?}` it maps to. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Response headers the answer carries (`Retry-After` of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Bad input. One that names its fields is `validation_failed`, the same code as a request the
 * schema refused, so a client reads one shape for every field error; without fields `bad_request`.
 */
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? 'validation_failed' : 'bad_request', message, fields);
/** One field is wrong: the message names it. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission for this') =>
  new AppError(403, 'forbidden', message);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
/** Too many requests: 429 `rate_limited` with `Retry-After` in whole seconds (at least 1). */
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests; try again later') =>
  new AppError(429, 'rate_limited', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, fields);

/** A database error's SQLSTATE, also when the query builder wrapped it (DrizzleQueryError's cause). */
export const sqlStateOf = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e.cause?.code ?? e.code;
  return typeof code === 'string' ? code : undefined;
};

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';
