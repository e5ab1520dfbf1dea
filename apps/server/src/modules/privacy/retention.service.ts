import { SETTING_MESSAGES } from '@app/contract/effective-settings';
import type { RetentionBody, RetentionRow } from '@app/contract/privacy';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settingService } from '../../lib/settings';
import { eraseMember } from './erasure';
import * as repo from './privacy.repository';
import { queueErasureNotice } from './requests.service';

/** The retention of dormant members on the setting kit: requested, then approved by someone else. */
const retention = settingService<RetentionRow, RetentionBody, repo.RetentionValues>({
  repository: repo.retentionSetting,
  auditEntity: 'privacy_retention',
  auditAction: 'privacy_retention',
  noun: 'Retention setting',
  messages: {
    pastDate: 'The retention period can only take effect from today or later',
    makerChecker: SETTING_MESSAGES.makerChecker,
  },
  decided: (status) => `This retention period is already ${status}`,
  values: (body) => ({ dormantMonths: body.dormantMonths }),
  snapshot: (row) => ({ dormantMonths: row.dormantMonths }),
});
export const listRetention = retention.list;
export const requestRetention = retention.request;
export const decideRetention = retention.decide;

/** The system's own entries (the scheduled job): no staff account. */
const SYSTEM = { id: null, role: 'system', requestId: null };

/**
 * Members dormant longer than the retention in force (no scan, ledger entry or app session since;
 * erased or already scheduled ones aside) get an erasure scheduled after the 48-hour notice, which is
 * queued now in their language. One transaction per member, so a failure leaves the rest done.
 */
export async function scheduleDormantErasures(app: FastifyInstance): Promise<number> {
  const { db } = app.database;
  const months = await repo.retentionInForce(db);
  if (months === null) return 0;
  const { rows } = await db.execute(sql`select m.id from members m
    where m.mobile not like 'erased-%'
      and greatest(m.created_at,
        (select max(s.created_at) from coupon_scans s where s.member_id = m.id),
        (select max(l.created_at) from points_ledger l where l.member_id = m.id),
        (select max(x.last_seen_at) from member_sessions x where x.member_id = m.id))
        < now() - make_interval(months => ${months})
      and not exists (select 1 from privacy_requests r where r.member_id = m.id
        and r.kind = 'erasure' and r.status in ('open', 'scheduled'))
    order by m.id limit 5000`);
  for (const { id } of rows as { id: number }[])
    await db.transaction(async (tx) => {
      const [request] = (
        await tx.execute(sql`insert into privacy_requests (member_id, kind, status, details, due_at,
          erase_after, outcome) values (${id}, 'erasure', 'scheduled', ${`Dormant for over ${months} months`},
          now() + interval '48 hours', now() + interval '48 hours',
          'Erased after the retention period, the notice sent first') returning id`)
      ).rows as { id: number }[];
      await queueErasureNotice(tx, Number(id), Number(request!.id));
    });
  return rows.length;
}

/**
 * Runs the erasures whose notice has passed. A dormant member who came back during the notice (a
 * session since it was scheduled) is kept: his request is closed as rejected with that outcome.
 */
export async function runDueErasures(app: FastifyInstance): Promise<number> {
  const { db } = app.database;
  const { rows } = await db.execute(sql`select r.id, r.member_id as "memberId", r.handled_by is null
      and exists (select 1 from member_sessions x where x.member_id = r.member_id
        and x.last_seen_at > r.created_at) as "cameBack"
    from privacy_requests r where r.status = 'scheduled' and r.erase_after <= now() order by r.id limit 500`);
  let erased = 0;
  for (const row of rows as { id: number; memberId: number; cameBack: boolean }[]) {
    const objects = await db.transaction(async (tx) => {
      const locked = await tx.execute(
        sql`select 1 from privacy_requests where id = ${row.id} and status = 'scheduled' for update`,
      );
      if (locked.rows.length === 0) return [];
      if (row.cameBack) {
        await tx.execute(sql`update privacy_requests set status = 'rejected', handled_at = now(),
          outcome = 'The member used the app again during the notice: kept' where id = ${row.id}`);
        return [];
      }
      const done = await eraseMember(app, tx, Number(row.memberId), SYSTEM);
      await tx.execute(
        sql`update privacy_requests set status = 'done', handled_at = coalesce(handled_at, now()) where id = ${row.id}`,
      );
      erased++;
      return done.objects;
    });
    await app.files.removeObjects(objects);
  }
  return erased;
}

/** Nightly at 02:15 IST: the due erasures, then the new notices. */
export const RETENTION_CRON = '15 2 * * *';

export function registerPrivacyTasks(app: FastifyInstance): void {
  app.jobs.schedule('privacy.retention', RETENTION_CRON, async () => {
    const erased = await runDueErasures(app);
    const scheduled = await scheduleDormantErasures(app);
    app.log.info({ erased, scheduled }, 'privacy retention ran');
    return { erased, scheduled };
  });
}
