import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app on the API's origin. Unknown non-API paths get index.html so that
 * deep links such as /dashboard/users open the app; unknown API paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const dist = app.config.webDist;
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api')
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
