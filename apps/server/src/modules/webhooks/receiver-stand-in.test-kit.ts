import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  id: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  event: { id: string; type: string; data: Record<string, unknown> };
}

/**
 * A brand's receiver, local: records every delivery and answers 204, or 503 while it is "down".
 * `delayMs` holds each answer (a slow receiver, so a test can stop the sender mid-delivery).
 */
export async function startReceiver(options: { delayMs?: number } = {}) {
  const received: Received[] = [];
  let down = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = () => {
        if (down) {
          response.writeHead(503).end('down');
          return;
        }
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
        );
        received.push({
          id: headers['webhook-id']!,
          path: request.url ?? '',
          headers,
          body,
          event: JSON.parse(body),
        });
        response.writeHead(204).end();
      };
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    setDown(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The event ids each member's deliveries arrived with, first arrival only, in arrival order. */
export function firstArrivalsByMember(received: readonly Received[]): Map<number | null, string[]> {
  const seen = new Set<string>();
  const out = new Map<number | null, string[]>();
  for (const r of received) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const member = (r.event.data.memberId as number | undefined) ?? null;
    out.set(member, [...(out.get(member) ?? []), r.id]);
  }
  return out;
}
