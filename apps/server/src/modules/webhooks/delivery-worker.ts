import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { decryptText } from '../../lib/field-crypto';
import { webhookErrors } from '../../lib/metrics';
import { type AddressPolicy, guardedLookup, refusedAddress } from './address-check';
import { WebhookSigner } from './signing';
import { disableFailingSubscriptions } from './subscription-health';

/**
 * The webhook worker: the messages outbox's machinery (modules/messages/outbox-worker.ts) on its own
 * table. A claim is one statement (`update … set status = 'sending', attempts + 1 where id in
 * (select … for update skip locked)`), so instances share the work without a lock; `attempts` is the
 * claim's token, so a late answer of a claim that went stale changes nothing; a claim older than
 * the stale limit (the process died) is queued again; outcomes are written many to a statement. Two
 * differences: a delivery is claimed only when no earlier delivery of the same subscription and
 * member is queued or sending (each member's events arrive in order), and the backoff follows the
 * Standard Webhooks schedule. Delivery is at least once: a crash between the receiver's answer and
 * the outcome's write sends the same event again, with the same `webhook-id`.
 */
export interface WebhookWorker {
  start(): void;
  stop(): Promise<void>;
  nudge(): void;
  /** Claims what is due (up to `limit`), delivers it and records the outcomes; answers how many. */
  runOnce(limit?: number): Promise<number>;
  reclaimStale(): Promise<number>;
}

/** Seconds before the 2nd, 3rd… attempt (Standard Webhooks' schedule); then every 10 hours. */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000] as const;
/** Attempts before a delivery is given up ('failed'; replayable by hand): about three days. */
export const MAX_ATTEMPTS = 12;

export const retryDelaySeconds = (attempt: number): number =>
  RETRY_SCHEDULE_SECONDS[Math.min(attempt - 1, RETRY_SCHEDULE_SECONDS.length - 1)]!;

interface ClaimedDelivery {
  id: number;
  attempts: number;
  sub: number;
  subUpdatedAt: string;
  eventId: string;
  type: string;
  at: string;
  data: unknown;
}

const CLAIM = `
with c as (
  update webhook_deliveries d
     set status = 'sending', claimed_at = now(), attempts = d.attempts + 1, updated_at = now()
    from (select q.id from webhook_deliveries q
            join webhook_subscriptions s on s.id = q.subscription_id and s.active
           where q.status = 'queued' and q.next_attempt_at <= now()
             and not exists (select 1 from webhook_deliveries p
                              where p.subscription_id = q.subscription_id and p.member_id = q.member_id
                                and p.id < q.id and p.status in ('queued', 'sending'))
           order by q.id
           limit $1
             for update of q skip locked) c
   where d.id = c.id
  returning d.id, d.attempts, d.subscription_id, d.event_id)
select coalesce(json_agg(json_build_object(
         'id', c.id, 'attempts', c.attempts, 'sub', c.subscription_id, 'subUpdatedAt', s.updated_at,
         'eventId', e.event_id, 'type', e.type, 'at', e.created_at, 'data', e.data) order by c.id), '[]')::text
         as claimed
  from c join webhook_events e on e.id = c.event_id join webhook_subscriptions s on s.id = c.subscription_id`;

const RECLAIM = `
update webhook_deliveries
   set status = 'queued', next_attempt_at = now(), claimed_at = null, updated_at = now(),
       error = 'the sending instance stopped before an answer; sending again'
 where id in (select id from webhook_deliveries
               where status = 'sending' and claimed_at < now() - make_interval(secs => $1)
               for update skip locked)
returning id`;

/**
 * Outcomes, many at once, each applying to its own claim only; and the subscriptions' health: a
 * success clears `failing_since`, a failure sets it if it was clear.
 */
const OUTCOMES = `
with v as (select * from jsonb_to_recordset($1::jsonb) as v(id bigint, attempts int, sub bigint, status text,
             code int, latency int, error text, delay float8)),
done as (
  update webhook_deliveries d
     set status = v.status, response_status = v.code, latency_ms = v.latency, error = v.error,
         next_attempt_at = case when v.status = 'queued' then now() + make_interval(secs => v.delay)
                           else d.next_attempt_at end,
         delivered_at = case when v.status = 'delivered' then now() else d.delivered_at end,
         claimed_at = null, updated_at = now()
    from v
   where d.id = v.id and d.attempts = v.attempts and d.status = 'sending'
  returning d.id),
health as (
  update webhook_subscriptions s
     set failing_since = case when h.ok then null else now() end
    from (select sub, bool_or(status = 'delivered') as ok from v group by sub) h
   where s.id = h.sub and (case when h.ok then s.failing_since is not null else s.failing_since is null end)
  returning s.id)
select (select count(*) from done)::int as written,
       exists (select 1 from v where status <> 'delivered') as failures`;

const RELEASE = `
update webhook_deliveries d
   set status = 'queued', attempts = d.attempts - 1, claimed_at = null, updated_at = now()
  from jsonb_to_recordset($1::jsonb) as v(id bigint, attempts int)
 where d.id = v.id and d.attempts = v.attempts and d.status = 'sending'`;

type Outcome = {
  id: number;
  attempts: number;
  sub: number;
  status: 'delivered' | 'queued' | 'failed';
  code: number | null;
  latency: number | null;
  error: string | null;
  delay?: number;
};

const FLUSH_MS = 20;

export function createWebhookWorker(
  app: FastifyInstance,
  options: { pollMs?: number; staleClaimSeconds?: number } = {},
): WebhookWorker {
  const policy = app.config.webhooks;
  const { concurrency, timeoutMs } = policy;
  const pollMs = options.pollMs ?? 1000;
  // Longer than a claimed delivery can wait in memory and then take (two rounds held, one sending).
  const staleClaimSeconds = options.staleClaimSeconds ?? Math.max(5, (4 * timeoutMs) / 1000);
  const sql = (text: string, values: unknown[], name?: string) => app.database.executeSql(text, values, name);
  const log = () => app.log.child({ component: 'webhooks' });
  const addressPolicy: AddressPolicy = policy;
  const lookup = guardedLookup(addressPolicy);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: concurrency }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: concurrency }),
  };
  const holdAtMost = concurrency * 2;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let scheduled = false;
  let claiming = false;
  let again = false;
  let lastSweep = 0;
  let inFlight = 0;
  let ready: ClaimedDelivery[] = [];
  const pending = new Set<Promise<void>>();

  /** Each subscription's URL and signer, kept while its row is unchanged (updated_at). */
  const subscriptions = new Map<number, { updatedAt: string; url: URL; signer: WebhookSigner }>();
  async function subscriptionOf(row: ClaimedDelivery) {
    const known = subscriptions.get(row.sub);
    if (known && known.updatedAt === row.subUpdatedAt) return known;
    const { rows } = await sql(
      'select url, secret, previous_secret, previous_secret_until > now() as overlap from webhook_subscriptions where id = $1',
      [row.sub],
    );
    const s = rows[0] as {
      url: string;
      secret: string;
      previous_secret: string | null;
      overlap: boolean | null;
    };
    const secrets = [decryptText(app.config, s.secret)];
    if (s.previous_secret && s.overlap) secrets.push(decryptText(app.config, s.previous_secret));
    const entry = { updatedAt: row.subUpdatedAt, url: new URL(s.url), signer: new WebhookSigner(secrets) };
    subscriptions.set(row.sub, entry);
    return entry;
  }

  /** One POST; answers the status code, or throws (refused address, network, timeout). */
  function post(url: URL, headers: Record<string, string>, body: string): Promise<number> {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const refused = /^[\d.]+$|:/.test(literal) ? refusedAddress(literal, addressPolicy) : null;
    if (refused) return Promise.reject(new Error(`${url.hostname} is not allowed (${refused})`));
    if (url.protocol !== 'https:' && policy.httpsOnly) return Promise.reject(new Error('https:// only'));
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        url,
        {
          method: 'POST',
          agent: agents[url.protocol as 'http:' | 'https:'],
          lookup,
          timeout: timeoutMs,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'loyalty-webhooks/1',
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', reject);
      request.end(body);
    });
  }

  async function deliver(row: ClaimedDelivery): Promise<Outcome> {
    const base = { id: row.id, attempts: row.attempts, sub: row.sub };
    const started = performance.now();
    let code: number | null = null;
    let error: string | null = null;
    try {
      const subscription = await subscriptionOf(row);
      const body = `{"id":${JSON.stringify(row.eventId)},"type":${JSON.stringify(row.type)},"timestamp":${JSON.stringify(new Date(row.at).toISOString())},"data":${JSON.stringify(row.data)}}`;
      code = await post(subscription.url, { ...subscription.signer.headers(row.eventId, body) }, body);
      if (code >= 200 && code < 300)
        return {
          ...base,
          status: 'delivered',
          code,
          latency: Math.round(performance.now() - started),
          error: null,
        };
      error = `the receiver answered ${code}`;
    } catch (e) {
      error = ((e as Error).message || String(e)).slice(0, 500);
    }
    const latency = Math.round(performance.now() - started);
    webhookErrors.inc({
      source: 'delivery',
      reason: code === null ? 'unanswered' : `http_${Math.floor(code / 100)}xx`,
    });
    if (row.attempts >= MAX_ATTEMPTS)
      return {
        ...base,
        status: 'failed',
        code,
        latency,
        error: `gave up after ${row.attempts} attempts: ${error}`,
      };
    return { ...base, status: 'queued', code, latency, error, delay: retryDelaySeconds(row.attempts) };
  }

  async function claim(limit: number): Promise<ClaimedDelivery[]> {
    const { rows } = await sql(CLAIM, [limit], 'webhooks_claim');
    return JSON.parse(String(rows[0]?.claimed ?? '[]')) as ClaimedDelivery[];
  }

  async function write(outcomes: readonly Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const { rows } = await sql(OUTCOMES, [JSON.stringify(outcomes)], 'webhooks_outcomes');
    if (rows[0]?.failures) await disableFailingSubscriptions(app);
  }

  // Outcomes wait here so that many go in one statement, never two writes at once.
  const waiting: Outcome[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | null = null;
  function record(outcome: Outcome) {
    waiting.push(outcome);
    if (writing) return;
    if (waiting.length >= concurrency) flush();
    else flushTimer ??= setTimeout(flush, FLUSH_MS);
  }
  function flush() {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (writing || waiting.length === 0) return;
    const outcomes = waiting.splice(0, 2_000);
    const p: Promise<void> = write(outcomes)
      .catch((error) => log().error({ err: error }, 'webhooks: recording outcomes failed'))
      .finally(() => {
        pending.delete(p);
        writing = null;
        if (waiting.length > 0) flush();
        // Written outcomes free the next delivery of each member: claim again.
        schedule();
      });
    writing = p;
    pending.add(p);
  }

  function pump() {
    while (running && inFlight < concurrency && ready.length > 0) {
      const row = ready.shift()!;
      inFlight++;
      const p: Promise<void> = deliver(row)
        .then(record)
        .finally(() => {
          inFlight--;
          pending.delete(p);
          pump();
          schedule();
        });
      pending.add(p);
    }
  }

  async function reclaimStale(): Promise<number> {
    const { rows } = await sql(RECLAIM, [staleClaimSeconds]);
    if (rows.length > 0)
      log().warn({ deliveries: rows.length }, 'webhook deliveries whose sender stopped are queued again');
    return rows.length;
  }

  async function tick(): Promise<void> {
    if (!running) return;
    if (claiming) {
      again = true;
      return;
    }
    const held = inFlight + ready.length;
    const room = holdAtMost - held;
    if (room <= 0 || (held > 0 && room < concurrency / 2)) return;
    claiming = true;
    let claimed = 0;
    try {
      if (Date.now() - lastSweep >= Math.min(15_000, staleClaimSeconds * 1000)) {
        lastSweep = Date.now();
        await reclaimStale();
      }
      const rows = await claim(room);
      claimed = rows.length;
      if (running) {
        ready.push(...rows);
        pump();
      } else await release(rows);
    } catch (error) {
      if (running) log().warn({ err: error }, 'webhooks: claim failed; trying again at the next poll');
    } finally {
      claiming = false;
    }
    if (again || claimed === room) {
      again = false;
      schedule();
    }
  }

  async function release(rows: readonly ClaimedDelivery[]) {
    if (rows.length === 0) return;
    await sql(RELEASE, [JSON.stringify(rows.map((r) => ({ id: r.id, attempts: r.attempts })))]);
  }

  function schedule() {
    if (!running || scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void tick();
    });
  }

  return {
    start() {
      if (running) return;
      running = true;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      while (claiming) await new Promise((resolve) => setTimeout(resolve, 5));
      const unsent = ready;
      ready = [];
      await release(unsent).catch((error) => log().warn({ err: error }, 'webhooks: left to the stale sweep'));
      while (pending.size > 0 || waiting.length > 0) {
        await Promise.allSettled([...pending]);
        flush();
      }
    },
    nudge: schedule,
    async runOnce(limit = concurrency) {
      const rows = await claim(limit);
      await write(await Promise.all(rows.map((row) => deliver(row))));
      return rows.length;
    },
    reclaimStale,
  };
}
