import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

/** Every error leaves as `{error, message, fields?}`; unexpected ones are logged and hidden. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
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
    return reply.status(status).send({ error: err.code ?? 'bad_request', message: err.message });
  });
}
