import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { httpRequestDuration, processMetrics } from '../lib/metrics';
import { type OperationalFigures, operationalFigures } from './metrics.repository';

/** Gauges that need a query are read at most this often, however many scrapers ask. */
export const FIGURES_CACHE_MS = 5_000;

/**
 * `GET /metrics` in Prometheus's text format, behind its own bearer token (METRICS_TOKEN; unset, the
 * route does not exist: an operator's figures are not for the public, and the staff's sign-in is not
 * what a scraper holds). Requests are timed by their route's pattern (`/api/admin/members/:id`), never
 * the URL, so the series stay few. Figures that need the database (queues, outbox, payouts) are read
 * on scrape, one round of queries shared by every gauge and cached briefly; requests never pay for them.
 */
export function registerMetrics(app: FastifyInstance) {
  const token = app.config.operations.metricsToken;
  if (!token) return;
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const registry = Registry.merge([processMetrics, appGauges(app)]);
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.status(401).header('www-authenticate', 'Bearer');
      return { error: 'unauthorized', message: 'A valid metrics token is required' };
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

/** This app's gauges: its pools and replica (in memory), and the figures read from the database. */
function appGauges(app: FastifyInstance): Registry {
  const registry = new Registry();
  const { database } = app;
  // A failed read leaves those gauges out of this scrape (their absence alerts) rather than failing
  // the whole scrape, which would hide the figures that were there.
  const none: OperationalFigures = { queues: [], outbox: [], payouts: { pending: 0, failed: 0 } };
  let cached: { at: number; figures: Promise<OperationalFigures | null> } | null = null;
  const read = async () => {
    try {
      return await operationalFigures(database.db);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: the database figures could not be read');
      cached = null;
      return null;
    }
  };
  const figures = async () => {
    if (!cached || Date.now() - cached.at > FIGURES_CACHE_MS) cached = { at: Date.now(), figures: read() };
    return (await cached.figures) ?? none;
  };

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by pool (primary, replica) and state (total, idle, waiting = clients queued for one)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      const pools = database.replica
        ? ([
            ['primary', database.pool],
            ['replica', database.replica.pool],
          ] as const)
        : ([['primary', database.pool]] as const);
      for (const [pool, p] of pools) {
        this.set({ pool, state: 'total' }, p.totalCount);
        this.set({ pool, state: 'idle' }, p.idleCount);
        this.set({ pool, state: 'waiting' }, p.waitingCount);
      }
    },
  });

  if (database.replica) {
    const replica = database.replica;
    new Gauge({
      name: 'db_replica_up',
      help: 'The read replica answered its last check (1) or not (0)',
      registers: [registry],
      collect() {
        this.set(replica.state().up ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_replica_in_use',
      help: 'Reports, exports, dashboards and list counts read the replica (1) or fell back to the primary (0)',
      registers: [registry],
      collect() {
        this.set(replica.state().inUse ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'How far the replica is behind (received WAL not yet replayed, by commit time); NaN while it is down',
      registers: [registry],
      collect() {
        this.set(replica.state().lagSeconds ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'db_replica_fallback_reads',
      help: 'Reads meant for the replica that went to the primary (lagging or lost replica), since start',
      registers: [registry],
      collect() {
        this.set(replica.state().fallbackReads);
      },
    });
  }

  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs waiting to run (created or retrying), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await figures()).queues) this.set({ queue: q.queue }, q.waiting);
    },
  });
  new Gauge({
    name: 'job_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting job, by queue (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await figures()).queues) this.set({ queue: q.queue }, q.oldestSeconds);
    },
  });
  new Gauge({
    name: 'outbox_backlog',
    help: 'Messages to members not yet sent (queued or being sent), by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const o of (await figures()).outbox) this.set({ channel: o.channel }, o.backlog);
    },
  });
  new Gauge({
    name: 'outbox_oldest_age_seconds',
    help: 'Age of the oldest message not yet sent, by channel (0 when none waits)',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const o of (await figures()).outbox) this.set({ channel: o.channel }, o.oldestSeconds);
    },
  });
  new Gauge({
    name: 'payouts',
    help: 'Payout lines by state: pending (queued, sending or awaiting the bank) and failed',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const read = await figures();
      if (read === none) return;
      const { payouts } = read;
      this.set({ state: 'pending' }, payouts.pending);
      this.set({ state: 'failed' }, payouts.failed);
    },
  });
  return registry;
}
