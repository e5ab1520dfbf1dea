import type { MemberMessaging } from '@app/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';
import { notFound } from '../../lib/errors';

/** The member's language for messages and the app (`en`, `hi`). */
export async function setLanguage(
  tx: Executor,
  memberId: number,
  language: (typeof members.$inferInsert)['language'],
) {
  await tx.update(members).set({ language, updatedAt: sql`now()` }).where(eq(members.id, memberId));
}

/** The member's messaging settings as the app shows them. */
export async function messagingOf(tx: Executor, memberId: number): Promise<MemberMessaging> {
  const { rows } = await tx.execute(sql`
    select m.language, m.whatsapp_opt_in_at is not null as "whatsappOptIn",
      to_char(m.whatsapp_opt_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "whatsappOptInAt",
      m.promotions_muted_at is not null as "promotionsMuted",
      (select count(*)::int from member_devices d where d.member_id = m.id) as devices
    from members m where m.id = ${memberId}`);
  const row = rows[0] as MemberMessaging | undefined;
  if (!row) throw notFound('Member');
  return row;
}

/**
 * Records the member's choices: the WhatsApp opt-in keeps the time it was given (WhatsApp's policy
 * asks a business to be able to show it); turning it off clears it. The same for muting promotions.
 */
export async function updateMessaging(
  tx: Executor,
  memberId: number,
  change: { whatsappOptIn?: boolean; promotionsMuted?: boolean },
): Promise<MemberMessaging> {
  const optIn = change.whatsappOptIn;
  const muted = change.promotionsMuted;
  await tx.execute(sql`update members set
      whatsapp_opt_in_at = case when ${optIn ?? null}::boolean is null then whatsapp_opt_in_at
        when ${optIn ?? null}::boolean then coalesce(whatsapp_opt_in_at, now()) else null end,
      promotions_muted_at = case when ${muted ?? null}::boolean is null then promotions_muted_at
        when ${muted ?? null}::boolean then coalesce(promotions_muted_at, now()) else null end,
      updated_at = now()
    where id = ${memberId}`);
  return messagingOf(tx, memberId);
}

/** A device token belongs to the member who registered it last (a phone that changed hands). */
export async function registerDevice(tx: Executor, memberId: number, token: string, platform: string) {
  await tx.execute(sql`insert into member_devices (member_id, token, platform) values (${memberId}, ${token}, ${platform})
    on conflict (token) do update set member_id = excluded.member_id, platform = excluded.platform, created_at = now()`);
  return messagingOf(tx, memberId);
}

/** Removes one of the member's own devices (another member's token is left alone). */
export async function removeDevice(tx: Executor, memberId: number, token: string) {
  await tx.execute(sql`delete from member_devices where member_id = ${memberId} and token = ${token}`);
  return messagingOf(tx, memberId);
}
