import { UPLOAD_ERROR_PURPOSES } from '@app/contract/files';
import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { couponPrints } from '../../db/schema/coupon-prints';
import { couponBatches } from '../../db/schema/coupons';
import { files } from '../../db/schema/files';
import { idempotencyKeys, memberOtps } from '../../db/schema/members';
import { reports } from '../../db/schema/reports';
import { tasks } from '../../db/schema/tasks';
import { removeEnded } from '../../lib/rate-limits/rate-limits.repository';
import { forgetStaleThrottles } from '../../lib/sign-in-throttle';
import { removeExpiredReports } from '../reports';

export const CLEANUP_TASK = 'housekeeping.cleanup';
/** Every day at 03:30 in India, when nobody works. */
export const CLEANUP_CRON = '30 3 * * *';

/** How long each kind of leftover is kept. */
export const KEEP_DAYS = {
  /** An upload's error report: long enough to fix the sheet and upload it again. */
  uploadErrorReports: 7,
  /** Finished background tasks that no batch, print or report shows any more. */
  finishedTasks: 30,
  /** Idempotency-Key answers (lib/idempotency.ts forgets them after 7 days anyway). */
  idempotencyKeys: 7,
  /** One-time codes: the resend limits look back one hour only. */
  memberOtps: 1,
  /** Files left half-written by a crash (a resumed task writes its file again from the start). */
  unfinishedFiles: 1,
  /** Photos and KYC images uploaded but never attached to a record (the form was abandoned). */
  unattachedUploads: 1,
};

/** Uploads that wait for a record to claim them (files.service claimFile). */
const CLAIMABLE_PURPOSES = [
  'kyc_image',
  'damaged_photo',
  'reward_image',
  'content_image',
  'content_document',
] as const;

const olderThan = (column: Parameters<typeof lt>[0], days: number) =>
  lt(column, sql`now() - make_interval(days => ${days})`);

/**
 * The daily clean-up: what is past its keeping time goes, so that files, tasks and one-time rows do
 * not grow without bound. Returns how many of each were removed.
 */
export async function cleanUp(app: FastifyInstance) {
  const { db } = app.database;
  const expiredReports = await removeExpiredReports(app);

  const errorFiles = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.purpose, UPLOAD_ERROR_PURPOSES),
        olderThan(files.createdAt, KEEP_DAYS.uploadErrorReports),
      ),
    );
  const unfinished = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.status, 'writing'), olderThan(files.createdAt, KEEP_DAYS.unfinishedFiles)));
  const unattached = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.purpose, CLAIMABLE_PURPOSES),
        isNull(files.attachedAt),
        olderThan(files.createdAt, KEEP_DAYS.unattachedUploads),
      ),
    );
  // One file at a time: each removal deletes its chunks (and its thumbnail), which may be many.
  for (const { id } of [...errorFiles, ...unfinished, ...unattached]) await app.files.remove(id);

  const referenced = (table: typeof couponBatches | typeof couponPrints | typeof reports) =>
    notExists(db.select({ one: sql`1` }).from(table).where(sql`${table.taskId} = ${tasks.id}`));
  const oldTasks = await db
    .delete(tasks)
    .where(
      and(
        inArray(tasks.status, ['done', 'failed']),
        olderThan(tasks.finishedAt, KEEP_DAYS.finishedTasks),
        referenced(couponBatches),
        referenced(couponPrints),
        referenced(reports),
      ),
    )
    .returning({ id: tasks.id });

  const keys = await db
    .delete(idempotencyKeys)
    .where(olderThan(idempotencyKeys.createdAt, KEEP_DAYS.idempotencyKeys))
    .returning({ id: idempotencyKeys.id });
  const otps = await db
    .delete(memberOtps)
    .where(olderThan(memberOtps.sentAt, KEEP_DAYS.memberOtps))
    .returning({ id: memberOtps.id });
  const rateLimitCounters = await removeEnded(db);
  const signInThrottles = await forgetStaleThrottles(db);

  return {
    expiredReportFiles: expiredReports,
    uploadErrorReports: errorFiles.length,
    unfinishedFiles: unfinished.length,
    unattachedUploads: unattached.length,
    finishedTasks: oldTasks.length,
    idempotencyKeys: keys.length,
    memberOtps: otps.length,
    rateLimitCounters,
    signInThrottles,
  };
}

export function registerHousekeepingTasks(app: FastifyInstance): void {
  app.jobs.schedule(CLEANUP_TASK, CLEANUP_CRON, () => cleanUp(app));
}
