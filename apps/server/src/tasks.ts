import type { FastifyInstance } from 'fastify';

/** Every background task kind and its handler. A new domain adds its line here. */
export function registerTaskHandlers(_app: FastifyInstance): void {}
