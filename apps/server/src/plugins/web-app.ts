import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under /assets after a hash of its content, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app on the API's origin, compressed (br/gzip) when the browser accepts it:
 * the build leaves a `.br` and a `.gz` copy beside every file worth compressing, sent as they are;
 * anything without one is compressed on the way out.
 * Hashed files under /assets are cached for a year; index.html and other unhashed files are
 * revalidated on every load (`no-cache`) so that a new deployment is picked up at once.
 * Unknown non-API paths get index.html so that deep links such as /dashboard/users open the app;
 * unknown API paths get a JSON 404. `/app/...` and `/q/<code>` (printed labels) get the member app's page
 * instead: a separate bundle that never loads the back-office nor reads the staff token.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const dist = app.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // The member app (apps/member) is built into dist/app: its own page for /app/* and label links /q/*.
  const memberIndex = path.join(dist, 'app', 'index.html');
  const hasMember = fs.existsSync(memberIndex);
  if (hasWeb) {
    // Its own scope: compression applies to the static files, API responses stay as they are.
    await app.register(async (scope) => {
      await scope.register(compress, { threshold: 1024 });
      await scope.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const folders = path.relative(dist, filePath).split(path.sep);
          const underAssets = folders[0] === 'assets' || (folders[0] === 'app' && folders[1] === 'assets');
          reply.header('cache-control', underAssets ? IMMUTABLE : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api')
    ) {
      const html = await fs.promises.readFile(
        isMemberPath(request.url) && hasMember ? memberIndex : indexFile,
      );
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}

const isMemberPath = (url: string) => /^\/(app|q)(\/|$|\?)/.test(url);
