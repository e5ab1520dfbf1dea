/** An expected failure with the HTTP status and the body `{error, message, fields?}` it maps to. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
/** One field is wrong: the message names it. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission for this') =>
  new AppError(403, 'forbidden', message);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, fields);

/** A database error's SQLSTATE, also when the query builder wrapped it (DrizzleQueryError's cause). */
export const sqlStateOf = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e.cause?.code ?? e.code;
  return typeof code === 'string' ? code : undefined;
};

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';
