import type { MessageChannel } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import { type ClaimedMessage, type Sent, sendClaimed } from './channel-senders';
import { withoutMarketingConsentText } from './marketing-consent';
import { SendRate } from './send-rate';
import { SendError } from './sms-providers';
import { TemplateError } from './templates';

/**
 * The outbox worker. The outbox table is its own queue: a claim is one statement,
 *   update … set status = 'sending', attempts + 1 where id in (select … for update skip locked limit n)
 * taken in priority order (one-time codes first), so instances share the work without a lock and a
 * row is never sent by two at once. Chosen over pg-boss because a job per message would double every
 * write (and the house's task rows triple it), and its priority and retry state would duplicate the
 * row's: here backoff is `next_attempt_at`, the claim is `claimed_at` + `attempts`, all in one index.
 *
 * A claim older than `staleClaimSeconds` (the process died between claim and answer) is put back;
 * `attempts` is the claim's token, so a late answer of a dead claim changes nothing. Twilio's status
 * callback names the row (its URL carries the id), so a message Twilio took just before a crash is
 * recognised by its receipt rather than sent again; MSG91 and Twilio have no idempotency key on sends,
 * so a crash in the instant between the provider's acceptance and the row's update can still send twice.
 * The worker claims ahead: claimed rows wait in memory (priority first, a few seconds' sends at most)
 * while the next claim is taken, so senders never wait for the database and a claim carries as many
 * rows as were sent during the previous one. Outcomes are written together, one UPDATE at a time
 * holding whatever answered meanwhile (at least half the concurrency's answers or FLUSH_MS after the
 * first), which widens that instant by one such statement and changes nothing else: each outcome
 * still applies to its own claim only, and a retry is not claimed again before its outcome is written.
 * Rows claimed but not handed to a sender when the worker stops are put back at once.
 */
export interface Outbox {
  start(): void;
  stop(): Promise<void>;
  /** Claim now (after a commit that queued a message). */
  nudge(): void;
  /** Claim shortly: queueMessage calls it before its transaction has committed. */
  nudgeSoon(): void;
  /** Claims what is due (up to `limit`) and sends it; answers how many were claimed. */
  runOnce(limit?: number): Promise<number>;
  /** Puts `sending` rows whose claim went stale back in the queue; answers how many. */
  reclaimStale(): Promise<number>;
  /** The send rate of a channel's provider (MESSAGES_RATE_PER_SECOND each). */
  rate(channel: MessageChannel): SendRate;
}

export interface OutboxOptions {
  concurrency: number;
  pollMs: number;
  staleClaimSeconds: number;
  sweepMs: number;
}

/**
 * One claim, answered as one JSON text (one row, one column) read with one JSON.parse: node-postgres
 * parses a claim of hundreds of rows field by field (a parser call per column per row, the JSON
 * columns parsed again inside), which was most of the worker's database CPU. The variables come as
 * their JSON text, so the many rows of one notification (same text) are parsed and rendered once.
 */
const CLAIM = `
with c as (
  update member_messages m
     set status = 'sending', claimed_at = now(), attempts = m.attempts + 1, updated_at = now()
    from (select id from member_messages
           where status = 'queued' and next_attempt_at <= now()
           order by priority, next_attempt_at, id
           limit $1
             for update skip locked) c
   where m.id = c.id
  returning m.id, m.channel, m.template_key as "templateKey", m.language,
            m.variables::text as "variablesText", m.secret_variables as "secretVariables",
            m.recipient, m.member_id as "memberId", m.cause_kind as "causeKind", m.cause_id as "causeId",
            m.attempts, m.priority, coalesce(m.expires_at <= now(), false) as expired,
            (coalesce((select x.promotions_muted_at is not null from members x where x.id = m.member_id), false)
              or ${withoutMarketingConsentText('m.member_id')}) as muted,
            case when m.channel = 'push' then (select coalesce(json_agg(json_build_object('id', d.id, 'token', d.token)
              order by d.id), '[]'::json) from member_devices d where d.member_id = m.member_id) end as devices)
select coalesce(json_agg(c order by c.priority, c.id), '[]')::text as claimed from c`;

const RECLAIM = `
update member_messages
   set status = 'queued', next_attempt_at = now(), claimed_at = null, updated_at = now(),
       error = 'the sending instance stopped before an answer; sending again'
 where id in (select id from member_messages
               where status = 'sending' and claimed_at < now() - make_interval(secs => $1)
               for update skip locked)
returning id`;

/**
 * The outcomes of many sends in one statement (the worker records them together, not one UPDATE per
 * message): each applies only to the claim it belongs to (same attempts, still sending), so a late
 * answer of a claim that went stale and was taken again changes nothing.
 *   sent:   provider and its message id, sent_at; the secret variables are erased.
 *   queued: a retry, not claimed again before now() + delay; the error kept.
 *   failed: failed_at and the error; the secret variables are erased.
 */
const OUTCOMES = `
update member_messages m
   set status = v.status,
       provider = case when v.status = 'sent' then v.provider else m.provider end,
       provider_message_id = case when v.status = 'sent' then v.provider_message_id else m.provider_message_id end,
       sent_at = case when v.status = 'sent' then now() else m.sent_at end,
       failed_at = case when v.status = 'failed' then now() else m.failed_at end,
       next_attempt_at = case when v.status = 'queued' then now() + make_interval(secs => v.delay)
                         else m.next_attempt_at end,
       error = v.error,
       claimed_at = null,
       secret_variables = case when v.status = 'queued' then m.secret_variables end,
       updated_at = now()
  from jsonb_to_recordset($1::jsonb) as v(id bigint, attempts int, status text, provider text,
         provider_message_id text, error text, delay float8)
 where m.id = v.id and m.attempts = v.attempts and m.status = 'sending'`;

/** What became of one claimed message, as OUTCOMES records it. */
type Outcome = {
  id: number;
  attempts: number;
  status: 'sent' | 'queued' | 'failed';
  provider?: string;
  provider_message_id?: string | null;
  error?: string | null;
  delay?: number;
};

const failedOutcome = (row: ClaimedMessage, error: string): Outcome => ({
  id: row.id,
  attempts: row.attempts,
  status: 'failed',
  error: error.slice(0, 1000),
});

/** The longest an outcome waits for others before it is written; the most written in one statement. */
const FLUSH_MS = 50;
const OUTCOMES_PER_WRITE = 2_000;

/** Claimed rows this instance will not send (it stops): queued again, the claim undone. */
const RELEASE = `
update member_messages m
   set status = 'queued', attempts = m.attempts - 1, claimed_at = null, updated_at = now()
  from jsonb_to_recordset($1::jsonb) as v(id bigint, attempts int)
 where m.id = v.id and m.attempts = v.attempts and m.status = 'sending'`;

export function retryDelaySeconds(attempt: number, baseSeconds: number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs / 1000, 0), 3600);
  const exponential = Math.min(baseSeconds * 2 ** Math.max(attempt - 1, 0), 600);
  return exponential * (0.8 + Math.random() * 0.4);
}

export function createOutbox(app: FastifyInstance, options: Partial<OutboxOptions> = {}): Outbox {
  const { concurrency, pollMs, sweepMs } = { concurrency: 8, pollMs: 1000, sweepMs: 15_000, ...options };
  const policy = app.config.messaging;
  // Longer than any one send may take, so a live claim is never taken from under its sender.
  const staleClaimSeconds = options.staleClaimSeconds ?? Math.max(60, (3 * policy.sendTimeoutMs) / 1000);
  const log = () => app.log.child({ component: 'outbox' });
  const sql = (text: string, values: unknown[], name?: string) => app.database.executeSql(text, values, name);
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  let scheduled = false;
  let claiming = false;
  let again = false;
  let urgent = false;
  let lastSweep = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const rates = new Map<MessageChannel, SendRate>();
  // Claimed rows wait here for a free sender, in priority order: the next claim is taken while these
  // are sent, so the senders never wait for the database. At most a few seconds' sends at the
  // provider's rate (well inside the stale limit), and at most sixteen rounds of the concurrency.
  const holdAtMost = Math.max(concurrency, Math.min(concurrency * 16, Math.ceil(policy.ratePerSecond * 5)));
  // A claim takes a quarter of that at least: one statement per many messages (each statement costs
  // this process a system call and a parse, and the database a plan), while three quarters are held.
  const claimAtLeast = Math.max(1, Math.floor(holdAtMost / 4));
  let ready: ClaimedMessage[] = [];
  const byPriority = (a: ClaimedMessage, b: ClaimedMessage) => a.priority - b.priority || a.id - b.id;

  async function claim(limit: number): Promise<ClaimedMessage[]> {
    const { rows } = await sql(CLAIM, [limit], 'outbox_claim');
    // json_agg writes the ids as JSON numbers and cause_id as text: the parsed rows are the claimed
    // messages but for their variables, added in place (not a copy of each row).
    const claimed = JSON.parse(String(rows[0]?.claimed ?? '[]')) as (Omit<ClaimedMessage, 'variables'> & {
      variables?: Record<string, string>;
    })[];
    // The rows of one notification share their variables' text: parsed once per claim.
    const parsed = new Map<string, Record<string, string>>();
    for (const row of claimed) {
      const text = row.variablesText ?? '{}';
      let variables = parsed.get(text);
      if (!variables) {
        variables = JSON.parse(text) as Record<string, string>;
        parsed.set(text, variables);
      }
      row.variables = variables;
      row.variablesText = text;
      row.devices ??= null;
    }
    return claimed as ClaimedMessage[];
  }

  /** Sends one claimed message and answers its outcome (written later, with others: `record`). */
  async function deliver(row: ClaimedMessage): Promise<Outcome> {
    if (row.expired) return failedOutcome(row, 'expired before it could be sent');
    let sent: Sent;
    try {
      sent = await sendClaimed(app, row);
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      const retryable = error instanceof SendError ? error.retryable : !(error instanceof TemplateError);
      if (!retryable || row.attempts >= policy.maxAttempts) {
        log().warn({ messageId: row.id, attempts: row.attempts }, `message failed: ${message}`);
        return failedOutcome(row, retryable ? `gave up after ${row.attempts} attempts: ${message}` : message);
      }
      const delay = retryDelaySeconds(
        row.attempts,
        policy.retryBaseSeconds,
        error instanceof SendError ? error.retryAfterMs : undefined,
      );
      log().info(
        { messageId: row.id, attempts: row.attempts, retryInSeconds: Math.round(delay) },
        'message will be retried',
      );
      return { id: row.id, attempts: row.attempts, status: 'queued', delay, error: message.slice(0, 1000) };
    }
    // Outside the try: once the provider took it, a failure to record that is not a reason to resend.
    return {
      id: row.id,
      attempts: row.attempts,
      status: 'sent',
      provider: sent.provider,
      provider_message_id: sent.id,
      error: null,
    };
  }

  /** Writes outcomes in one statement; a retry due at once is claimed again after it. */
  async function write(outcomes: readonly Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await sql(OUTCOMES, [JSON.stringify(outcomes)], 'outbox_outcomes');
    if (outcomes.some((o) => o.status === 'queued' && o.delay === 0)) nudge();
  }

  // The worker's outcomes wait here so that many go in one UPDATE: written when half the
  // concurrency has answered or FLUSH_MS after the first one waited, and never two writes at once:
  // what answers while one is written goes in the next (the busier, the bigger), so the outbox holds
  // at most one connection for outcomes and one for claims, and the pool stays free for requests.
  const waiting: Outcome[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | null = null;
  const flushAt = Math.max(1, concurrency * 2);
  function record(outcome: Outcome) {
    waiting.push(outcome);
    if (writing) return;
    if (waiting.length >= flushAt) flush();
    else flushTimer ??= setTimeout(flush, FLUSH_MS);
  }
  function flush() {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (writing || waiting.length === 0) return;
    const outcomes = waiting.splice(0, OUTCOMES_PER_WRITE);
    const p: Promise<void> = write(outcomes)
      .catch((error) =>
        log().error(
          { messageIds: outcomes.map((o) => o.id), err: error },
          'outbox: recording outcomes failed',
        ),
      )
      .finally(() => {
        pending.delete(p);
        writing = null;
        if (waiting.length > 0) flush();
      });
    writing = p;
    pending.add(p);
  }

  async function reclaimStale(): Promise<number> {
    const { rows } = await sql(RECLAIM, [staleClaimSeconds]);
    if (rows.length > 0)
      log().warn({ messages: rows.length }, 'messages whose sender stopped are queued again');
    return rows.length;
  }

  async function runOnce(limit = concurrency): Promise<number> {
    const rows = await claim(limit);
    await write(await Promise.all(rows.map((row) => deliver(row))));
    return rows.length;
  }

  /** Hands claimed rows to free senders, highest priority first. */
  function pump() {
    while (running && inFlight < concurrency && ready.length > 0) {
      const row = ready.shift()!;
      inFlight++;
      const p: Promise<void> = deliver(row)
        .then(record, (error) => log().error({ messageId: row.id, err: error }, 'outbox: a send failed'))
        .finally(() => {
          inFlight--;
          pending.delete(p);
          pump();
          schedule();
        });
      pending.add(p);
    }
  }

  async function tick(): Promise<void> {
    if (!running) return;
    if (claiming) {
      again = true;
      return;
    }
    const held = inFlight + ready.length;
    // Claims are taken for a quarter of what is held at most (one claim per many messages, not one
    // per message), or whatever there is room for when nothing is held; a nudge (a one-time code was
    // queued) claims at once, a claim of one round of the concurrency at most so that it is quick,
    // and the code comes first by its priority (and goes to the front of what is held).
    let room = holdAtMost - held;
    if (urgent) room = concurrency;
    if (room <= 0 || (held > 0 && room < (urgent ? 1 : claimAtLeast))) return;
    urgent = false;
    claiming = true;
    let claimed = 0;
    try {
      if (Date.now() - lastSweep >= sweepMs) {
        lastSweep = Date.now();
        await reclaimStale();
      }
      const rows = await claim(room);
      claimed = rows.length;
      if (rows.length > 0) {
        ready = ready.length === 0 ? rows : [...ready, ...rows].sort(byPriority);
        if (running) pump();
        else await release(rows);
      }
    } catch (error) {
      if (running) log().warn({ err: error }, 'outbox: claim failed; trying again at the next poll');
    } finally {
      claiming = false;
    }
    // A full claim means more is due: claim again while these are sent.
    if (again || claimed === room) {
      again = false;
      schedule();
    }
  }

  /** Claimed rows that were never handed to a sender go back to the queue, their claim undone. */
  async function release(rows: readonly ClaimedMessage[]): Promise<void> {
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

  function nudge() {
    urgent = true;
    schedule();
  }

  return {
    start() {
      if (running) return;
      running = true;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      nudge();
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      // A claim under way hands its rows back itself (running is false now).
      while (claiming) await new Promise((resolve) => setTimeout(resolve, 5));
      const unsent = ready;
      ready = [];
      await release(unsent).catch((error) =>
        log().warn({ err: error }, 'outbox: claimed messages left to the stale sweep'),
      );
      // Sends in flight end, then their outcomes are written.
      while (pending.size > 0 || waiting.length > 0) {
        await Promise.allSettled([...pending]);
        flush();
      }
    },
    nudge,
    nudgeSoon() {
      if (!running || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        nudge();
      }, 50);
      soon.unref();
    },
    runOnce,
    reclaimStale,
    rate(channel) {
      const rate = rates.get(channel) ?? new SendRate(policy.ratePerSecond);
      rates.set(channel, rate);
      return rate;
    },
  };
}
