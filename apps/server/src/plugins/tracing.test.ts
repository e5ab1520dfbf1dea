import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A stand-in OTLP/HTTP collector: keeps every span posted to /v1/traces (JSON). */
async function collector() {
  const spans: OtlpSpan[] = [];
  const resources: unknown[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.method === 'POST') {
        const payload = JSON.parse(body) as {
          resourceSpans: { resource: unknown; scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const r of payload.resourceSpans) {
          resources.push(r.resource);
          for (const s of r.scopeSpans) spans.push(...s.spans);
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    resources,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('OpenTelemetry traces', () => {
  it('exports a server span per request over OTLP/HTTP, in the caller’s trace', async () => {
    const otlp = await collector();
    const t = await createTestApp({
      jobs: { runWorkers: false },
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_SERVICE_NAME: 'loyalty-test' },
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close(); // flushes the batch
      await otlp.close();
    }
    const span = otlp.spans.find((s) => s.name === 'GET /api/health/live');
    expect(span).toBeDefined();
    expect(span!.traceId.toLowerCase()).toBe(traceId);
    expect(span!.parentSpanId?.toLowerCase()).toBe('00f067aa0ba902b7');
    expect(span!.kind).toBe(2); // SERVER
    const attribute = (key: string) => span!.attributes.find((a) => a.key === key)?.value;
    expect(attribute('http.route')?.stringValue).toBe('/api/health/live');
    expect(Number(attribute('http.response.status_code')?.intValue)).toBe(200);
    expect(JSON.stringify(otlp.resources)).toContain('loyalty-test');
  });
});
