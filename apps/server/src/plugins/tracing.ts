import { defaultTextMapGetter, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One server span per request, exported over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT's
 * `/v1/traces`, in batches off the request path. Unset, nothing here runs: no hooks, no SDK loaded
 * into the request path. Spans are made from Fastify's own hooks rather than by patching `http`, which
 * needs a loader flag before the app's modules load (ESM); a caller's `traceparent` makes the span a
 * child of the caller's trace.
 */
export function registerTracing(app: FastifyInstance) {
  const { otlpEndpoint, serviceName } = app.config.operations;
  if (!otlpEndpoint) return;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${otlpEndpoint}/v1/traces` }), {
        scheduledDelayMillis: 1_000,
      }),
    ],
  });
  const tracer = provider.getTracer('action-tesa-server');
  const propagator = new W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
    spans.set(
      request,
      tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            'url.path': request.url.split('?')[0],
            ...(route ? { 'http.route': route } : {}),
            'request.id': request.id,
          },
        },
        parent,
      ),
    );
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  // What is still batched is sent before the process goes.
  app.addHook('onClose', async () => {
    await provider.shutdown().catch(() => {});
  });
}
