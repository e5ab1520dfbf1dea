import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process-wide instruments: counted where things happen (a request answered, a scan, a provider
 * failing), in memory, whatever the app instance. Gauges that need a query are the app's own and are
 * read only when Prometheus scrapes (plugins/metrics.ts). One registry per process: counters are
 * module-level, so a provider client counts without being handed the app.
 */
export const processMetrics = new Registry();

// Event-loop lag (nodejs_eventloop_lag_*), CPU, memory, heap and handles: prom-client's own.
collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 20 });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status: latency, and their count (_count)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processMetrics],
});

export const scansCounted = new Counter({
  name: 'coupon_scans_total',
  help: "Members' coupon scans by result (rate × 60 = scans per minute)",
  labelNames: ['result'] as const,
  registers: [processMetrics],
});

/**
 * Provider calls that failed: no answer (timeout, network) or an error status. `provider` is the
 * client's name (msg91, twilio, whatsapp, fcm, razorpayx, xoxoday), `kind` is `unanswered`,
 * `http_4xx`, `http_5xx` or `refused` (a success status whose body says no).
 */
export const providerErrors = new Counter({
  name: 'provider_errors_total',
  help: 'Calls to SMS, WhatsApp, push, payout and voucher providers that failed, by provider and kind',
  labelNames: ['provider', 'kind'] as const,
  registers: [processMetrics],
});

/**
 * Webhook failures by source and reason: our deliveries to subscribers (`delivery`: `unanswered` or the
 * answer's status class) and provider webhooks we received and refused.
 */
export const webhookErrors = new Counter({
  name: 'webhook_errors_total',
  help: 'Webhook deliveries to subscribers that failed, and incoming provider webhooks refused, by source and reason',
  labelNames: ['source', 'reason'] as const,
  registers: [processMetrics],
});

/** `unanswered` for no status (timeout, refused connection), else the status's class. */
export function countProviderError(provider: string, status: number | null) {
  const kind = !status ? 'unanswered' : status >= 500 ? 'http_5xx' : status >= 400 ? 'http_4xx' : 'refused';
  providerErrors.inc({ provider, kind });
}
