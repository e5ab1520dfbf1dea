import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { decryptText } from '../../lib/field-crypto';

/** What stands in for an erased value in free text (audit details, staff notes, messages). */
export const ERASED = '[erased]';

/**
 * Tables the sweep does not read: the points ledger is append-only (its trigger refuses any change,
 * and its rows hold amounts, kinds and references, which must stay for the totals and TDS), and the
 * big tables of codes and serials hold no free text a person's details could be typed into. The
 * member's rows in coupon_scans are cleared by column below.
 */
const SWEEP_SKIPS = new Set([
  'points_ledger',
  'coupons',
  'coupon_counts',
  'coupon_scans',
  'file_chunks',
  'points_lots',
  'points_lot_uses',
  'damaged_report_items',
  '__drizzle_migrations',
]);

interface Personal {
  code: string;
  mobile: string;
  name: string;
}

/**
 * What an erasure did: how many values it looked for (counted, never returned to anyone), and the
 * files in the bucket whose rows it deleted: the caller removes those objects once it has committed.
 */
export interface Erased {
  values: number;
  objects: number[];
}

/**
 * Erases one member inside the caller's transaction: his personal data is removed or overwritten,
 * irreversibly, while what the law keeps stays under his pseudonym (the member code): the ledger and
 * balance (totals), redemptions with their TDS amounts, financial year and rate, the consent record
 * and the audit trail. KYC files are deleted with their content. Then every text and jsonb column of
 * every other table is swept for the values themselves (mobile, name, PAN, account, UPI id), so a copy
 * typed into a note or kept in an audit entry goes too.
 */
export async function eraseMember(
  app: Pick<FastifyInstance, 'config'>,
  tx: Executor,
  memberId: number,
  actor: Actor,
): Promise<Erased> {
  const { rows } = await tx.execute(
    sql`select code, mobile, name from members where id = ${memberId} for update`,
  );
  const member = rows[0] as Personal | undefined;
  if (!member) throw notFound('Member');
  const kyc = (
    await tx.execute(sql`select pan_cipher, account_cipher, upi_id, account_holder, bank_check_name,
      upi_check_name from kyc_submissions where member_id = ${memberId}`)
  ).rows as Record<string, string | null>[];
  const open = (sealed: string | null) => (sealed ? decryptText(app.config, sealed) : null);
  const values = new Set<string>([member.mobile, member.name]);
  for (const k of kyc)
    for (const v of [
      open(k.pan_cipher ?? null),
      open(k.account_cipher ?? null),
      k.upi_id,
      k.account_holder,
      k.bank_check_name,
      k.upi_check_name,
    ])
      if (v && v.trim().length >= 4) values.add(v.trim());

  const id = memberId;
  const deleted = await tx.execute(sql`delete from files where owner_member_id = ${id}
    or id in (select thumbnail_id from files where owner_member_id = ${id} and thumbnail_id is not null)
    returning id, location`);
  await tx.execute(sql`update kyc_submissions set aadhaar_last4 = '', pan_cipher = '', pan_last4 = '',
    pan_hash = null, account_hash = null, upi_hash = null, account_holder = '', account_cipher = '',
    account_last4 = '', ifsc = '', bank_name = '', upi_id = null, comment = null, bank_check_id = null,
    bank_check_name = null, upi_check_id = null, upi_check_name = null where member_id = ${id}`);
  await tx.execute(sql`update coupon_scans set latitude = null, longitude = null, device_id = null,
    geo_cell = null where member_id = ${id}`);
  await tx.execute(sql`update projects set name = ${ERASED}, site_address = '', pincode = '',
    latitude = null, longitude = null, photo_file_ids = '{}' where member_id = ${id}`);
  await tx.execute(
    sql`update feedback set message = ${ERASED}, attachment_file_ids = '{}' where member_id = ${id}`,
  );
  await tx.execute(sql`update redemptions set ship_to = null, payout_to = null where member_id = ${id}`);
  await tx.execute(sql`update privacy_requests set details = null, nominee_name = null,
    nominee_mobile = null, nominee_relation = null where member_id = ${id}`);
  // Messages not sent yet are never sent; those sent keep their cause and status, not their text.
  await tx.execute(sql`update member_messages set recipient = ${ERASED}, variables = '{}'::jsonb,
    secret_variables = null, expires_at = case when status = 'queued' then now() else expires_at end
    where member_id = ${id} or recipient = ${member.mobile}`);
  await tx.execute(sql`delete from member_devices where member_id = ${id}`);
  await tx.execute(
    sql`update member_sessions set ended_at = coalesce(ended_at, now()) where member_id = ${id}`,
  );
  await tx.execute(sql`delete from member_otps where mobile = ${member.mobile}`);
  await tx.execute(sql`delete from idempotency_keys
    where scope = ${`member:${id}`} or scope = ${`mobile:${member.mobile}`}`);
  await tx.execute(sql`delete from rate_limits where position(${member.mobile} in key) > 0`);
  await tx.execute(sql`update members set name = ${`Erased member ${member.code}`},
    mobile = ${`erased-${id}`}, date_of_birth = '1900-01-01', address_line = '', city = '', district = '',
    state = '', pincode = '', status = 'blocked', status_reason = 'Erased', whatsapp_opt_in_at = null,
    promotions_muted_at = coalesce(promotions_muted_at, now()), updated_at = now() where id = ${id}`);
  await sweep(tx, [...values]);
  await audit(tx, actor, {
    action: 'privacy.erased',
    entity: 'members',
    entityId: id,
    after: { pseudonym: member.code },
  });
  const objects = (deleted.rows as { id: number; location: string }[])
    .filter((file) => file.location === 's3')
    .map((file) => Number(file.id));
  return { values: values.size, objects };
}

/** Every text, varchar, text[] and jsonb column of every table (but the skipped), values replaced. */
async function sweep(tx: Executor, values: string[]): Promise<void> {
  if (values.length === 0) return;
  const { rows } = await tx.execute(sql`select c.table_name as "table", c.column_name as "column",
      c.data_type as type from information_schema.columns c join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
      and (c.data_type in ('text', 'character varying', 'jsonb') or c.udt_name = '_text')
    order by 1, 2`);
  // In jsonb the value is matched as JSON spells it (quotes and backslashes escaped).
  const jsonOf = (v: string) => JSON.stringify(v).slice(1, -1);
  for (const { table, column, type } of rows as { table: string; column: string; type: string }[]) {
    if (SWEEP_SKIPS.has(table)) continue;
    const col = sql.raw(`"${column.replaceAll('"', '""')}"`);
    const tbl = sql.raw(`"${table.replaceAll('"', '""')}"`);
    const json = type === 'jsonb';
    const array = type === 'ARRAY';
    const forms = json ? values.map(jsonOf) : values;
    let text = array ? sql`array_to_string(${col}, chr(31))` : json ? sql`${col}::text` : col;
    const matches = sql.join(
      forms.map((v) => sql`position(${v}::text in ${text}) > 0`),
      sql` or `,
    );
    for (const v of forms) text = sql`replace(${text}, ${v}::text, ${ERASED})`;
    const value = array ? sql`string_to_array(${text}, chr(31))` : json ? sql`(${text})::jsonb` : text;
    await tx.execute(sql`update ${tbl} set ${col} = ${value} where ${col} is not null and (${matches})`);
  }
}
