import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, sqlStateOf } from '../lib/errors';

/** Every error leaves as `{error, message, fields?}`; unexpected ones are logged and hidden. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({ error: err.code, message: err.message, fields: err.fields });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field: string =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
        fields[field] ??= issue.message ?? 'Invalid value';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send({ error: 'validation_failed', message, fields });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: 'internal', message: 'Something went wrong' });
    }
    return reply.status(status).send({ error: fallbackCode(status, err.code), message: err.message });
  });
}

/**
 * The code of a 4xx that no AppError made (Fastify's own, a plugin's): its own code when it has
 * one, else the house's name for the status. A throttle is `rate_limited` whoever throttled.
 */
function fallbackCode(status: number, code: string | undefined): string {
  if (status === 429) return 'rate_limited';
  return code ?? 'bad_request';
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

interface DatabaseErrorFields {
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/**
 * How an error appears in the log (pino's `err` serializer). A database error's message and detail,
 * and the statement's parameters (DrizzleQueryError puts them in its message), carry the row's
 * values: a new account's password hash, e-mail and mobile. So a database error is logged by its
 * SQLSTATE, constraint, table and column, and the statement by its kind and table; of the stack,
 * only the frames (its first line is the message).
 */
/**
 * An error's message where it is kept or shown outside the request log (a task's or batch's failure
 * reason, the jobs' console): a database error by its code, never by the values its statement carried.
 */
export const safeErrorMessage = (error: unknown): string => errorForLog(error).message;

export function errorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const query = (error as { query?: unknown }).query;
  const db = (cause ?? error) as Error & DatabaseErrorFields;
  if (typeof query !== 'string' && db.severity === undefined) {
    return {
      type: error.constructor.name,
      message: error.message,
      code: (error as { code?: unknown }).code,
      stack: error.stack ?? '',
      ...(cause ? { cause: errorForLog(cause) } : {}),
    };
  }
  const code = sqlStateOf(error);
  return {
    type: error.constructor.name,
    message: `database error ${code ?? 'without a code'}`,
    code,
    constraint: db.constraint,
    table: db.table,
    column: db.column,
    routine: db.routine,
    statement: statementOf(query),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/** `insert into staff`, `update members`, `select`: what ran, without its text or values. */
function statementOf(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const write = /^\s*(insert\s+into|update|delete\s+from)\s+"?([\w.]+)"?/i.exec(query);
  if (write) return `${write[1]!.replace(/\s+/, ' ')} ${write[2]}`.toLowerCase();
  return /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase();
}
