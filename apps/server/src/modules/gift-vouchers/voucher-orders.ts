import { todayInIndia } from '@app/contract/format';
import { GIFT_VOUCHER_ENTITY } from '@app/contract/gift-vouchers';
import {
  VOUCHER_ORDER_MESSAGES as M,
  VOUCHER_ORDER_ENTITY,
  type VoucherOrderRow,
  type VoucherOrderStatus,
  type VoucherProviderStatus,
} from '@app/contract/voucher-orders';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import { encryptText } from '../../lib/field-crypto';
import { intArray } from '../../lib/raw-sql';
import { fulfil } from '../redemptions';
import { fulfilWaiting } from './voucher-fulfilment';
import {
  getBalance,
  orderByPoNumber,
  type PlumOrder,
  placeOrder,
  VoucherProviderError,
  type Xoxoday,
} from './xoxoday';

/**
 * E-vouchers bought from the provider when a voucher reward has no uploaded stock.
 *
 * An approved voucher redemption still waiting for a voucher gets one order (`voucher_orders`, unique
 * per redemption), queued in a transaction with its task. The task marks the order `sending` and
 * commits before the request leaves; an order that was sent before (a crash, a lost answer, a retry)
 * is first looked up at the provider under its reference (`RDMV<redemption id>`, Plum's `poNumber`),
 * and only placed when the provider has none: a redemption is bought at most once. The voucher's code
 * and PIN are stored as uploaded stock is (PIN sealed under ENCRYPTION_KEY), issued to the redemption
 * and the redemption fulfilled in one transaction (the member's `voucher.issued` message comes with
 * it). The provider refusing an order (balance, product) fails the order: the redemption stays
 * approved, waiting, and finance retries it from Gift Vouchers. A redemption that got uploaded stock
 * meanwhile cancels its unsent order; a voucher bought for one that no longer waits goes to stock.
 */
export const VOUCHER_BUY_TASK = 'gift-vouchers.buy';
export const VOUCHER_ORDER_SWEEP_TASK = 'gift-vouchers.orders';
/** Every five minutes: redemptions waiting with no order, and orders a crash or a timeout left unsent. */
export const VOUCHER_ORDER_SWEEP_CRON = '*/5 * * * *';

/** Our reference of a redemption's order: the provider's `poNumber`. */
export const poNumberOf = (redemptionId: number) => `RDMV${redemptionId}`;

const SYSTEM: Actor = { id: null, role: null, requestId: null };
/** Orders sent at once. */
const IN_FLIGHT = 4;
/** Orders looked at per sweep (the next sweep takes the rest). */
const PER_SWEEP = 1_000;

/**
 * In the caller's transaction: an order for each approved voucher redemption (among `ids`, or any)
 * that waits for a voucher and has none yet. Answers the new orders' ids.
 */
export async function queueOrders(
  tx: Executor,
  provider: string,
  ids?: readonly number[],
): Promise<number[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    insert into voucher_orders (redemption_id, po_number, provider, brand, denomination_paise)
    select d.id, 'RDMV' || d.id, ${provider}, r.brand, r.denomination_paise
    from redemptions d join rewards r on r.id = d.reward_id
    where d.kind = 'voucher' and d.status = 'approved' and d.voucher_id is null
      and r.brand is not null and r.denomination_paise is not null
      ${ids ? sql`and d.id = any(${intArray(ids)})` : sql``}
      and not exists (select 1 from voucher_orders o where o.redemption_id = d.id)
    order by d.id
    limit ${ids ? ids.length : PER_SWEEP}
    on conflict (redemption_id) do nothing
    returning id`);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * After approvals (Approvals → Redemption): the approved voucher redemptions among `ids` that found
 * no stock are ordered from the provider, each order and its task committed together.
 */
export async function orderWaiting(
  app: FastifyInstance,
  actor: Actor,
  ids: readonly number[],
): Promise<void> {
  // (The demo seed decides through a bare app without a configuration: nothing to order there.)
  const provider = app.config?.voucherProvider;
  if (!provider || ids.length === 0) return;
  try {
    await app.database.db.transaction(async (tx) => {
      const orderIds = await queueOrders(tx, provider.kind, ids);
      if (orderIds.length > 0) await app.jobs.enqueue(tx, VOUCHER_BUY_TASK, { orderIds }, actor.id);
    });
  } catch (error) {
    // The approvals stand (committed); the sweep orders these within minutes.
    app.log.error({ err: (error as Error).message }, 'voucher orders not queued; the sweep will');
  }
}

interface ClaimedOrder {
  id: number;
  redemptionId: number;
  poNumber: string;
  brand: string;
  denominationPaise: number;
  attempts: number;
}

/** Marks the orders `sending` (committed before anything is sent) and answers them. */
async function claim(db: Executor, orderIds: readonly number[]): Promise<ClaimedOrder[]> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    update voucher_orders set status = 'sending', attempts = attempts + 1, updated_at = now()
    where id = any(${intArray(orderIds)}) and status in ('queued', 'sending')
    returning id, redemption_id as "redemptionId", po_number as "poNumber", brand,
      denomination_paise as "denominationPaise", attempts`);
  return rows.rows.map((r) => ({
    id: Number(r.id),
    redemptionId: Number(r.redemptionId),
    poNumber: String(r.poNumber),
    brand: String(r.brand),
    denominationPaise: Number(r.denominationPaise),
    attempts: Number(r.attempts),
  }));
}

const stillWaiting = async (db: Executor, redemptionId: number) => {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from redemptions
    where id = ${redemptionId} and status = 'approved' and voucher_id is null`);
  return Number(rows.rows[0]?.n ?? 0) > 0;
};

async function setOrder(
  db: Executor,
  id: number,
  status: VoucherOrderStatus,
  fields: { error?: string | null; productId?: number | null } = {},
) {
  await db.execute(sql`
    update voucher_orders set status = ${status}, error = ${fields.error ?? null},
      product_id = coalesce(${fields.productId ?? null}::int, product_id), updated_at = now()
    where id = ${id} and status = 'sending'`);
}

/**
 * The provider's order (found under our reference, or placed now), or an error: permanent (the
 * provider refused it) or not (no answer: the order stays `sending` and is asked for again).
 */
async function obtain(x: Xoxoday, order: ClaimedOrder, productId: number): Promise<PlumOrder> {
  // Sent before: the provider may have made it and the answer been lost. Ask first.
  if (order.attempts > 1) {
    const found = await orderByPoNumber(x, order.poNumber);
    if (found) return found;
  }
  try {
    return await placeOrder(x, {
      productId,
      denominationRupees: Math.round(order.denominationPaise / 100),
      poNumber: order.poNumber,
    });
  } catch (error) {
    // A refusal may be the provider's answer to a reference it already holds (a request of ours
    // that arrived after all): what it holds wins.
    if (error instanceof VoucherProviderError && error.permanent) {
      const found = await orderByPoNumber(x, order.poNumber).catch(() => null);
      if (found) return found;
    }
    throw error;
  }
}

/** Stores the bought voucher and issues it, in one transaction; answers the voucher's id. */
async function record(app: FastifyInstance, order: ClaimedOrder, productId: number | null, plum: PlumOrder) {
  const voucher = plum.vouchers?.[0];
  if (!voucher?.voucherCode) throw new VoucherProviderError('Xoxoday: the order holds no voucher', 200, true);
  const pin = voucher.pin ? String(voucher.pin) : null;
  const validity = /^\d{4}-\d{2}-\d{2}$/.test(String(voucher.validity ?? ''))
    ? String(voucher.validity)
    : null;
  const expiresOn = validity ?? `${Number(todayInIndia().slice(0, 4)) + 1}${todayInIndia().slice(4)}`;
  return app.database.db.transaction(async (tx) => {
    // The redemption is locked first: a concurrent stock upload either fulfilled it already or waits.
    const locked = await tx.execute<{ status: string; voucher_id: string | null }>(
      sql`select status, voucher_id from redemptions where id = ${order.redemptionId} for update`,
    );
    const waiting = locked.rows[0]?.status === 'approved' && locked.rows[0]?.voucher_id === null;
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into gift_vouchers (brand, denomination_paise, code, pin_cipher, pin_length, expires_on,
        status, redemption_id, issued_at)
      values (${order.brand}, ${order.denominationPaise}, ${voucher.voucherCode},
        ${pin ? encryptText(app.config, pin) : null}, ${pin ? pin.length : null}, ${expiresOn}::date,
        ${waiting ? 'issued' : 'available'}, ${waiting ? order.redemptionId : null}::bigint,
        ${waiting ? sql`now()` : sql`null`})
      returning id`);
    const voucherId = Number(inserted.rows[0]!.id);
    await tx.execute(sql`
      update voucher_orders set status = 'placed', provider_order_id = ${String(plum.orderId)},
        product_id = coalesce(${productId}::int, product_id), charged_paise = ${plum.amountCharged == null ? null : Math.round(Number(plum.amountCharged) * 100)}::int,
        voucher_id = ${voucherId}, error = null, updated_at = now()
      where id = ${order.id}`);
    await audit(tx, SYSTEM, {
      action: 'gift_voucher.bought',
      entity: GIFT_VOUCHER_ENTITY,
      entityId: voucherId,
      after: {
        provider: app.config.voucherProvider?.kind,
        order: String(plum.orderId),
        poNumber: order.poNumber,
        redemptionId: order.redemptionId,
        brand: order.brand,
        denominationPaise: order.denominationPaise,
        issued: waiting,
      },
    });
    if (waiting) await fulfil(tx, order.redemptionId, voucherId);
    // Bought for a redemption that no longer waits: it is stock, first for those that do.
    else await fulfilWaiting(tx);
    return voucherId;
  });
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Buys the orders (queued, or left `sending`). Answers how many stay unanswered (they are asked for
 * again, under the same reference, by the task's retry or the sweep).
 */
export async function buyOrders(app: FastifyInstance, orderIds: readonly number[]): Promise<number> {
  const x = app.config.voucherProvider;
  if (!x || orderIds.length === 0) return 0;
  const { db } = app.database;
  const orders = await claim(db, orderIds);
  let unanswered = 0;
  await pool(orders, IN_FLIGHT, async (order) => {
    const productId = x.productIds[order.brand.replace(/\s+/g, ' ').trim().toLowerCase()] ?? null;
    let plum: PlumOrder | null;
    try {
      if (!(await stillWaiting(db, order.redemptionId))) {
        // No longer waiting (stock arrived, or it left approval): nothing to buy. One sent before may
        // have been made all the same: then it is stored, as stock.
        plum = order.attempts > 1 ? await orderByPoNumber(x, order.poNumber) : null;
        if (!plum) {
          await setOrder(db, order.id, 'cancelled');
          return;
        }
      } else if (!productId) {
        await setOrder(db, order.id, 'failed', { error: M.noProduct(order.brand) });
        return;
      } else plum = await obtain(x, order, productId);
    } catch (error) {
      if (error instanceof VoucherProviderError && error.permanent)
        await setOrder(db, order.id, 'failed', { error: error.message, productId });
      else {
        unanswered++;
        app.log.warn({ order: order.id, err: (error as Error).message }, 'voucher order unanswered');
      }
      return;
    }
    try {
      await record(app, order, productId, plum);
    } catch (error) {
      // The provider made it; we could not store it (e.g. its code is already in stock): finance sees it.
      await setOrder(db, order.id, 'failed', {
        error: `Bought (order ${plum.orderId}) but not stored: ${(error as Error).message}`,
        productId,
      });
    }
  });
  return unanswered;
}

/** The buy task: throws while some stay unanswered, so the task is retried (same references). */
export async function buyTask(app: FastifyInstance, orderIds: readonly number[]): Promise<void> {
  const unanswered = await buyOrders(app, orderIds);
  if (unanswered > 0)
    throw new Error(`${unanswered} voucher orders unanswered; asked again under the same reference`);
}

/**
 * The sweep: orders for approved voucher redemptions still waiting with none (approved before the
 * provider was set, or a queueing that never committed), then every queued order and every one left
 * `sending` for over two minutes.
 */
export async function sweepOrders(app: FastifyInstance): Promise<{ queued: number; unanswered: number }> {
  const x = app.config.voucherProvider;
  if (!x) return { queued: 0, unanswered: 0 };
  const { db } = app.database;
  const queued = await db.transaction((tx) => queueOrders(tx, x.kind));
  const due = await db.execute<{ id: string }>(sql`
    select id from voucher_orders
    where status = 'queued' or (status = 'sending' and updated_at < now() - interval '2 minutes')
    order by id limit ${PER_SWEEP}`);
  const unanswered = await buyOrders(
    app,
    due.rows.map((r) => Number(r.id)),
  );
  return { queued: queued.length, unanswered };
}

const ORDER_FIELDS = sql`id, redemption_id as "redemptionId", po_number as "poNumber", brand,
  denomination_paise as "denominationPaise", status, attempts, error,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;

const rowOf = (r: Record<string, unknown>): VoucherOrderRow => ({
  id: Number(r.id),
  redemptionId: Number(r.redemptionId),
  poNumber: String(r.poNumber),
  brand: String(r.brand),
  denominationPaise: Number(r.denominationPaise),
  status: r.status as VoucherOrderStatus,
  attempts: Number(r.attempts),
  error: (r.error as string | null) ?? null,
  updatedAt: String(r.updatedAt),
});

/** Gift Vouchers → Provider: the balance as the provider answers now, orders by status, the failures. */
export async function providerStatus(app: FastifyInstance): Promise<VoucherProviderStatus> {
  const x = app.config.voucherProvider;
  const { db } = app.database;
  const counts = await db.execute<Record<string, number>>(sql`
    select count(*) filter (where status = 'queued')::int as queued,
      count(*) filter (where status = 'sending')::int as sending,
      count(*) filter (where status = 'placed')::int as placed,
      count(*) filter (where status = 'failed')::int as failed
    from voucher_orders`);
  const failures = await db.execute<Record<string, unknown>>(
    sql`select ${ORDER_FIELDS} from voucher_orders where status = 'failed' order by updated_at desc, id desc limit 100`,
  );
  let balance: VoucherProviderStatus['balance'] = null;
  let balanceError: string | null = null;
  if (x)
    try {
      const b = await getBalance(x);
      balance = { value: Number(b.value), currency: String(b.currency) };
    } catch (error) {
      balanceError = (error as Error).message;
    }
  const c = counts.rows[0]!;
  return {
    provider: x?.kind ?? null,
    balance,
    balanceError,
    counts: { queued: c.queued!, sending: c.sending!, placed: c.placed!, failed: c.failed! },
    failures: failures.rows.map(rowOf),
  };
}

/**
 * Finance retries a failed order (audited): it is queued again under the same reference, and since it
 * was sent before, the provider is asked for it first: a retry never buys twice.
 */
export async function retryOrder(app: FastifyInstance, actor: Actor, id: number): Promise<VoucherOrderRow> {
  if (!app.config.voucherProvider) throw new AppError(409, 'not_configured', M.notConfigured);
  return app.database.db.transaction(async (tx) => {
    const before = await tx.execute<Record<string, unknown>>(
      sql`select ${ORDER_FIELDS} from voucher_orders where id = ${id} for update`,
    );
    const row = before.rows[0];
    if (!row) throw notFound('Voucher order');
    if (row.status !== 'failed') throw conflict(M.notFailed(String(row.status)));
    const after = await tx.execute<Record<string, unknown>>(sql`
      update voucher_orders set status = 'queued', error = null, retried_by = ${actor.id}, updated_at = now()
      where id = ${id} returning ${ORDER_FIELDS}`);
    await audit(tx, actor, {
      action: 'voucher_order.retried',
      entity: VOUCHER_ORDER_ENTITY,
      entityId: id,
      before: { status: 'failed', error: row.error },
      after: { status: 'queued' },
    });
    await app.jobs.enqueue(tx, VOUCHER_BUY_TASK, { orderIds: [id] }, actor.id);
    return rowOf(after.rows[0]!);
  });
}
