import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * JSON answers of the API are never rendered, so the document policies (CSP sources, COOP,
 * Origin-Agent-Cluster, referrer, DNS prefetch, …) mean nothing for them; what does apply is what
 * OWASP's REST cheat sheet lists: no sniffing, no framing, no cross-origin embedding, HSTS. Four
 * fixed headers instead of helmet's twelve: on the member scan, helmet's set cost ~15% of the
 * throughput (bench/scan-throughput.ts).
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
} as const;

/** The OpenAPI explorer is a page under /api: it is a document and keeps its own CSP. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The member app's pages and assets (`/app/...`, label links `/q/<code>`). */
const isMemberPage = (url: string) => /^\/(app|q)(\/|$|\?)/.test(url);

/** Security headers and the request id on every response. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  webOrigins: readonly string[],
  /** Origins whose images the pages may show: the map tile server (MAP_TILE_URL), if any. */
  imageOrigins: readonly string[] = [],
  /** Origins the web app may fetch from besides its own: the file bucket's signed downloads. */
  fetchOrigins: readonly string[] = [],
) {
  // Helmet's middleware built once (@fastify/helmet rebuilt it, CSP parsing included, per request).
  const policy = (scriptSrc: string[]) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc,
          // MUI and emotion inject style elements at run time; scripts stay strictly external.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
          connectSrc: ["'self'", ...webOrigins, ...fetchOrigins],
          // Helmet's default would break a plain-HTTP deployment inside a LAN; TLS is the proxy's job.
          upgradeInsecureRequests: null,
        },
      },
    });
  const documentHeaders = policy(["'self'"]);
  // The member app's camera scanner compiles its QR reader (zxing-wasm, served from /app/assets):
  // 'wasm-unsafe-eval' allows compiling WebAssembly and nothing else (no eval, no inline script).
  const memberHeaders = policy(["'self'", "'wasm-unsafe-eval'"]);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (isApiAnswer(request.url)) {
      reply.headers(API_HEADERS);
      done();
    } else {
      const headers = isMemberPage(request.url) ? memberHeaders : documentHeaders;
      headers(request.raw, reply.raw, (error) => done(error as Error | undefined));
    }
  });
}
