import { SCHEME_ENTITY } from '@app/contract/schemes';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { schemes } from '../../db/schema/schemes';
import { type Actor, audit } from '../../lib/audit';

/** How often lapsed schemes are ended; until then the lists already read them as ended. */
export const SCHEME_SWEEP_MS = 5 * 60_000;

/** The day in India, in SQL: a scheme runs through its `ends_on` in IST. */
export const TODAY_IST = sql`(now() at time zone 'Asia/Kolkata')::date`;

/** The status as users see it: an active scheme whose end date has passed is ended. */
export const effectiveStatus = sql<string>`case when ${schemes.status} = 'active' and ${schemes.endsOn} < ${TODAY_IST}
  then 'ended' else ${schemes.status} end`;

/** Nobody signed in did it: the audit log shows "System". */
const SYSTEM: Actor = { id: null, role: null, requestId: null };

/**
 * Ends every active scheme whose end date has passed, each with its audit entry, in one
 * transaction. The guarded UPDATE moves a scheme once, so concurrent sweeps (several instances)
 * audit it once.
 */
export async function endLapsedSchemes(db: Db) {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(schemes)
      .set({ status: 'ended', closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(schemes.status, 'active'), sql`${schemes.endsOn} < ${TODAY_IST}`))
      .returning({ id: schemes.id, endsOn: sql<string>`${schemes.endsOn}::text` });
    for (const { id, endsOn } of ended)
      await audit(tx, SYSTEM, {
        action: 'scheme.ended',
        entity: SCHEME_ENTITY,
        entityId: id,
        before: { status: 'active' },
        after: { status: 'ended', endsOn, reason: 'The end date has passed' },
      });
    return ended.map((s) => s.id);
  });
}

/** Sweeps at start-up and every few minutes where background work runs (JOBS=1). */
export function scheduleSchemeEnding(app: FastifyInstance): void {
  if (!app.config.runJobs) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = endLapsedSchemes(app.database.db).catch((error: Error) =>
      app.log.error(
        { err: { name: error.name, code: (error as { code?: string }).code } },
        'ending lapsed schemes failed',
      ),
    );
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SCHEME_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
