import {
  AUDIENCE_UPLOAD_COLUMNS,
  type AudienceUploadColumn,
  type AudienceUploadResult,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_ENTITY,
  type NotificationCreateBody,
  type NotificationRow,
} from '@app/contract/notifications';
import type { RowError } from '@app/contract/uploads';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { readSheet, type SheetRow, templateWorkbook } from '../../lib/sheets';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { claimFile, openStored } from '../files';
import { linkCampaign, startCampaign } from '../segments';
import * as repo from './notifications.repository';

export { notificationList } from './notifications.repository';

export const FANOUT_TASK = 'notifications.fanout';
/** Scheduled notifications whose time has come are queued by this cron task (every minute). */
export const DUE_TASK = 'notifications.due';
/** Scheduling further ahead than this is a typo more often than a plan. */
const MAX_AHEAD_MS = 366 * 86_400_000;
/** A "future" time a few seconds old (the form's clock, the network) still counts as now. */
const PAST_GRACE_MS = 60_000;

export async function getNotification(tx: Executor, id: number): Promise<NotificationRow> {
  const row = await repo.findNotification(tx, id);
  if (!row) throw notFound('Notification');
  return row;
}

function sendAtOf(sendAt: string | null | undefined): Date | null {
  if (!sendAt) return null;
  const at = new Date(sendAt);
  if (at.getTime() < Date.now() - PAST_GRACE_MS) throw fieldError('sendAt', M.sendAtPast);
  if (at.getTime() > Date.now() + MAX_AHEAD_MS) throw fieldError('sendAt', M.sendAtFar);
  return at;
}

/**
 * Creates a notification. Sent now, its fan-out task is queued in the same transaction; scheduled,
 * the due-cron queues it at its time. The image must be the caller's own unattached upload.
 */
export function createNotification(
  app: FastifyInstance,
  actor: Actor,
  body: NotificationCreateBody,
): Promise<NotificationRow> {
  const at = sendAtOf(body.sendAt);
  return app.database.db.transaction(async (tx) => {
    const { audience } = body;
    let uploadId: number | null = null;
    if (audience.kind === 'list') {
      const upload = await repo.findOwnUpload(tx, audience.uploadId, actor.id!);
      if (!upload) throw fieldError('audience.uploadId', M.uploadUnknown);
      if (upload.members === 0) throw fieldError('audience.uploadId', M.uploadEmpty);
      uploadId = upload.id;
    }
    if (body.imageFileId) {
      const file = await claimFile(tx, body.imageFileId, {
        purpose: 'notification_image',
        owner: { staffId: actor.id! },
        field: 'imageFileId',
        message: M.imageInvalid,
      });
      if (!file.contentType.startsWith('image/')) throw fieldError('imageFileId', M.imageInvalid);
    }
    const id = await repo.insertNotification(tx, {
      title: body.title,
      body: body.body,
      link: body.link || null,
      imageFileId: body.imageFileId ?? null,
      audienceKind: audience.kind,
      audienceValues: repo.audienceValuesOf(audience),
      audienceUploadId: uploadId,
      createdBy: actor.id,
      ...(at ? { sendAt: at } : {}),
    });
    if (audience.kind === 'segment') {
      // Frozen now, for the audit of who was aimed at; the lift is measured from the sending.
      const from = at ?? new Date();
      const { campaignId } = await startCampaign(tx, actor, {
        kind: 'notification',
        target: audience,
        startsAt: from,
        endsAt: new Date(from.getTime() + audience.windowDays * 86_400_000),
        only: repo.reachable,
        field: 'audience.segmentId',
      });
      await linkCampaign(tx, campaignId, id);
      await repo.setNotification(tx, id, { audienceCampaignId: campaignId });
    }
    if (!at) {
      const taskId = await app.jobs.enqueue(tx, FANOUT_TASK, { notificationId: id }, actor.id);
      await repo.setNotification(tx, id, { taskId });
    }
    await audit(tx, actor, {
      action: 'notification.created',
      entity: NOTIFICATION_ENTITY,
      entityId: id,
      after: {
        title: body.title,
        audience,
        sendAt: at?.toISOString() ?? 'now',
        imageFileId: body.imageFileId ?? null,
        link: body.link || null,
      },
    });
    return getNotification(tx, id);
  });
}

/**
 * Cancels a notification that has not started sending. The fan-out starts with the same
 * compare-and-set on `state`, so of a cancel and a start at the same moment exactly one wins: a
 * cancelled notification reaches no one.
 */
export function cancelNotification(app: FastifyInstance, actor: Actor, id: number): Promise<NotificationRow> {
  return app.database.db.transaction(async (tx) => {
    const before = await repo.lockNotification(tx, id);
    if (!before) throw notFound('Notification');
    if (before.state !== 'scheduled') throw conflict(M.cancelNotScheduled);
    await repo.setNotification(tx, id, {
      state: 'cancelled',
      cancelledAt: sql`now()`,
      cancelledBy: actor.id,
    });
    await audit(tx, actor, {
      action: 'notification.cancelled',
      entity: NOTIFICATION_ENTITY,
      entityId: id,
      before: { state: before.state, sendAt: before.sendAt },
      after: { state: 'cancelled' },
    });
    return getNotification(tx, id);
  });
}

/** Queues the fan-out of every scheduled notification whose time has come (the due-cron). */
export function queueDueNotifications(app: FastifyInstance): Promise<number> {
  return app.database.db.transaction(async (tx) => {
    const due = await tx.execute(sql`select id from notifications
      where state = 'scheduled' and task_id is null and send_at <= now()
      order by send_at limit 200 for update skip locked`);
    for (const row of due.rows as { id: number }[]) {
      const id = Number(row.id);
      const taskId = await app.jobs.enqueue(tx, FANOUT_TASK, { notificationId: id }, null);
      await repo.setNotification(tx, id, { taskId });
    }
    return due.rows.length;
  });
}

/** The notification's image (or thumbnail), for the staff page. */
export async function notificationImage(app: FastifyInstance, id: number, variant: 'file' | 'thumbnail') {
  const [row] = await app.database.db
    .execute(sql`select image_file_id from notifications where id = ${id}`)
    .then((r) => r.rows as { image_file_id: number | null }[]);
  if (!row) throw notFound('Notification');
  return openStored(app, row.image_file_id, 'Image', variant);
}

// ---------------------------------------------------------------------------------------------
// Audience upload: a sheet of member codes or mobiles.

type AudienceRow = SheetRow<AudienceUploadColumn>;
const COLUMN: AudienceUploadColumn = AUDIENCE_UPLOAD_COLUMNS[0];

export const audienceTemplate = () =>
  templateWorkbook({
    sheet: 'Members',
    columns: AUDIENCE_UPLOAD_COLUMNS,
    examples: [['M000001'], ['9876543210']],
    instructions: [
      'One member per row: the member code (e.g. M000042) or the 10-digit mobile number.',
      'Blocked or rejected members, unknown codes and repeated members are reported as errors.',
      'A file with errors is kept only if you choose "Apply valid rows". Replace the example rows.',
    ],
  });

const MOBILE = /^\d{10}$/;
const keyOf = (raw: string) => {
  const v = raw.trim().replace(/^\+91/, '').replace(/\s+/g, '');
  return MOBILE.test(v) ? { mobile: v } : { code: v.toUpperCase() };
};

/** Checks every row: unknown, unreachable and repeated members are errors with their row numbers. */
async function planAudience(tx: Executor, rows: AudienceRow[]) {
  const keys = rows.map((r) => ({ row: r.row, raw: r.values[COLUMN], ...keyOf(r.values[COLUMN]) }));
  const found = await repo.membersByCodeOrMobile(
    tx,
    [...new Set(keys.flatMap((k) => (k.code ? [k.code] : [])))],
    [...new Set(keys.flatMap((k) => (k.mobile ? [k.mobile] : [])))],
  );
  const byCode = new Map(found.map((m) => [m.code, m]));
  const byMobile = new Map(found.map((m) => [m.mobile, m]));
  const errors: RowError[] = [];
  const firstRow = new Map<number, number>();
  const memberIds: number[] = [];
  for (const k of keys) {
    const fail = (message: string) => errors.push({ row: k.row, column: COLUMN, message });
    if (!k.raw.trim()) {
      fail(M.memberRequired);
      continue;
    }
    const member = k.mobile ? byMobile.get(k.mobile) : byCode.get(k.code!);
    if (!member) fail(M.memberUnknown);
    else if (member.status === 'blocked' || member.status === 'rejected') fail(M.memberInactive);
    else if (firstRow.has(member.id)) fail(M.memberRepeated(firstRow.get(member.id)!));
    else {
      firstRow.set(member.id, k.row);
      memberIds.push(member.id);
    }
  }
  return { memberIds, errors };
}

/**
 * Reads a list of members for a notification's audience. A clean file is kept; a file with errors
 * keeps its valid rows only when `applyValid` is set. The error report lists the bad rows.
 */
export async function uploadAudience(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<AudienceUploadResult> {
  const rows = await readSheet(file.content, AUDIENCE_UPLOAD_COLUMNS);
  const { db } = app.database;
  const plan = await planAudience(db, rows);
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'notification_audience_errors',
    name: 'notification-audience-errors.xlsx',
    columns: AUDIENCE_UPLOAD_COLUMNS,
    rows,
    errors: plan.errors,
  });
  const keep = (plan.errors.length === 0 || file.applyValid) && plan.memberIds.length > 0;
  const uploadId = keep
    ? await db.transaction(async (tx) => {
        const id = await repo.insertUpload(
          tx,
          {
            createdBy: actor.id!,
            rowsTotal: rows.length,
            members: plan.memberIds.length,
            errorReportId,
          },
          plan.memberIds,
        );
        await audit(tx, actor, {
          action: 'notification_audience.uploaded',
          entity: 'notification_audience_upload',
          entityId: id,
          after: { rows: rows.length, members: plan.memberIds.length, errors: plan.errors.length },
        });
        return id;
      })
    : null;
  // The kept list is what this upload applies: its members.
  const { rowsApplied: members, ...outcome } = uploadOutcome({
    rowsTotal: rows.length,
    rowsValid: plan.memberIds.length,
    rowsApplied: keep ? plan.memberIds.length : 0,
    errors: plan.errors,
    errorReportId,
  });
  return { ...outcome, uploadId, members };
}
