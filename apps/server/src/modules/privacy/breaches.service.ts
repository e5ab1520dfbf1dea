import { formatCount, formatDateTime } from '@app/contract/format';
import { BREACH_DATA_LABELS, type BreachBody, type BreachRow } from '@app/contract/privacy';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Executor } from '../../db/client';
import { privacyBreaches as b } from '../../db/schema/privacy';
import { type Actor, audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { textArray } from '../../lib/raw-sql';
import { queueStepMessages } from '../messages';
import * as repo from './privacy.repository';

/**
 * The members a breach affected: registered (not erased) by the end of its window, in its states
 * (none: every state), holding the kinds of data it touched: KYC and bank data only for members who
 * had submitted KYC by then; scan locations and activity only for members who scanned in the window.
 */
function affectedQuery(breachId: number, body: BreachBody) {
  const kinds = new Set(body.dataKinds);
  const needs: ReturnType<typeof sql>[] = [];
  if (kinds.has('kyc') || kinds.has('bank'))
    needs.push(sql`exists (select 1 from kyc_submissions k where k.member_id = m.id
      and k.submitted_at <= ${body.occurredTo}::timestamptz)`);
  if (kinds.has('location') || kinds.has('activity'))
    needs.push(sql`exists (select 1 from coupon_scans s where s.member_id = m.id
      and s.created_at between ${body.occurredFrom}::timestamptz and ${body.occurredTo}::timestamptz)`);
  // Identity, contact and address data is held for every member registered by then.
  const everyone = kinds.has('identity') || kinds.has('contact') || kinds.has('address');
  const held = everyone || needs.length === 0 ? sql`true` : sql.join(needs, sql` or `);
  const states = body.states.length > 0 ? sql`m.state = any(${textArray(body.states)})` : sql`true`;
  return sql`insert into privacy_breach_members (breach_id, member_id)
    select ${breachId}, m.id from members m
    where m.created_at <= ${body.occurredTo}::timestamptz and m.mobile not like 'erased-%'
      and ${states} and (${held})
    on conflict do nothing`;
}

export async function recordBreach(
  app: FastifyInstance,
  actor: Actor & { id: number },
  body: BreachBody,
): Promise<BreachRow> {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(b)
      .values({
        title: body.title,
        description: body.description,
        occurredFrom: new Date(body.occurredFrom),
        occurredTo: new Date(body.occurredTo),
        detectedAt: new Date(body.detectedAt),
        dataKinds: body.dataKinds,
        states: body.states,
        measures: body.measures,
        recordedBy: actor.id,
      })
      .returning({ id: b.id });
    await tx.execute(affectedQuery(row!.id, body));
    const after = (await repo.findBreach(tx, row!.id))!;
    await audit(tx, actor, {
      action: 'privacy.breach.recorded',
      entity: 'privacy_breaches',
      entityId: row!.id,
      after: { ...body, affected: after.affected ?? 0 },
    });
    return after;
  });
}

/** Tells each affected member once, in his language, through the outbox (SMS, and WhatsApp/push). */
export async function notifyBreach(
  app: FastifyInstance,
  actor: Actor & { id: number },
  breachId: number,
): Promise<BreachRow> {
  return app.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(b).where(eq(b.id, breachId)).for('update');
    if (!row) throw notFound('Breach');
    if (row.notifiedAt) throw conflict('The affected members were already told');
    const { rows } = await tx.execute(
      sql`select member_id as "memberId" from privacy_breach_members where breach_id = ${breachId}`,
    );
    const ids = (rows as { memberId: number }[]).map((r) => Number(r.memberId));
    await queueStepMessages(
      tx,
      'privacy.breach',
      ids.map((memberId) => ({
        memberId,
        variables: { reference: `B${breachId}` },
        cause: { kind: 'privacy_breach', id: `${breachId}:${memberId}` },
      })),
    );
    await tx.update(b).set({ notifiedAt: sql`now()`, notifiedBy: actor.id }).where(eq(b.id, breachId));
    await audit(tx, actor, {
      action: 'privacy.breach.notified',
      entity: 'privacy_breaches',
      entityId: breachId,
      after: { members: ids.length },
    });
    return (await repo.findBreach(tx, breachId))!;
  });
}

/**
 * The report to the Data Protection Board within 72 hours (DPDP Rules, rule 7(2)(b)), prepared from
 * the record: nature, extent, timing and place; the data and members affected; consequences, measures
 * and the intimation to the members. Downloading it is audited: it describes the members' exposure.
 */
export async function breachReport(db: Executor, actor: Actor, breachId: number): Promise<Buffer> {
  const breach = await repo.findBreach(db, breachId);
  if (!breach) throw notFound('Breach');
  const { rows } = await db.execute(sql`select coalesce(nullif(m.state, ''), 'not known') as state,
      count(*)::int as n from privacy_breach_members x join members m on m.id = x.member_id
    where x.breach_id = ${breachId} group by 1 order by 2 desc`);
  await audit(db, actor, {
    action: 'privacy.breach.report',
    entity: 'privacy_breaches',
    entityId: breachId,
  });
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Breach report B${breachId}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const section = (title: string, text: string) => {
    doc.moveDown().fontSize(11).text(title, { underline: true });
    doc.fontSize(10).text(text);
  };
  doc.fontSize(15).text('Intimation of personal data breach to the Data Protection Board of India');
  doc.fontSize(9).text(`Digital Personal Data Protection Rules, 2025, rule 7(2)(b) · reference B${breachId}`);
  section('Title', breach.title);
  section('Nature and circumstances', breach.description);
  section(
    'Timing',
    `Occurred from ${formatDateTime(breach.occurredFrom)} to ${formatDateTime(breach.occurredTo)} (IST); detected ${formatDateTime(breach.detectedAt)}; recorded ${formatDateTime(breach.recordedAt)} by ${breach.recordedByName ?? `staff ${breach.recordedBy}`}.`,
  );
  section('Personal data affected', breach.dataKinds.map((k) => BREACH_DATA_LABELS[k]).join('; '));
  section(
    'Extent and location',
    `${formatCount(breach.affected ?? 0)} data principals (members). States: ${breach.states.length > 0 ? breach.states.join(', ') : 'all'}.\n${(
      rows as { state: string; n: number }[]
    )
      .map((r) => `${r.state}: ${formatCount(r.n)}`)
      .join('\n')}`,
  );
  section('Measures to contain it and mitigate the risk', breach.measures);
  section(
    'Intimation to the data principals',
    breach.notifiedAt
      ? `Each affected member was told on ${formatDateTime(breach.notifiedAt)} in his language through SMS (and WhatsApp or app notification where he uses them).`
      : 'Not yet told: the members are to be told without delay.',
  );
  section(
    'Still to report within 72 hours',
    'The findings on the person who caused the breach, the remedial measures taken to prevent a recurrence, and the detailed report.',
  );
  doc.end();
  return done;
}
