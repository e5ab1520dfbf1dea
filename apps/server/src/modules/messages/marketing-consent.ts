import { type SQL, sql } from 'drizzle-orm';

/**
 * True when a member has answered a privacy notice (db/schema/privacy.ts) and holds no marketing
 * consent in force: declined, or withdrawn since. A marketing (promotional) message is then refused,
 * when queued and again when sent, so a withdrawal stops what was already queued too. A member who has
 * never answered a notice (registered before it existed) keeps the old rule, the promotional mute,
 * until he answers it at his next app open (the Act lets processing go on until then).
 * `memberId` is the SQL text of the member's id column, qualified (`m.id`): drizzle would leave a
 * column unqualified inside the sub-select, where `id` would be the consent's.
 */
type MemberIdColumn = 'members.id' | 'm.id' | 'm.member_id';
export const withoutMarketingConsentText = (memberId: MemberIdColumn): string =>
  `(exists (select 1 from privacy_consents pc where pc.member_id = ${memberId})
    and not exists (select 1 from privacy_consents pc where pc.member_id = ${memberId}
      and pc.purpose = 'marketing' and pc.granted and pc.withdrawn_at is null))`;
export const withoutMarketingConsent = (memberId: MemberIdColumn): SQL =>
  sql.raw(withoutMarketingConsentText(memberId));
