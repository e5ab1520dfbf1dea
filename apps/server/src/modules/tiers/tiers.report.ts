import { eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/members';
import { memberTiers } from '../../db/schema/tiers';
import { defineList } from '../../lib/lists/define';
import { reportOf } from '../../lib/lists/report';
import { isoText } from '../../lib/lists/sql';

interface TierChangeRow {
  id: number;
  fromAt: string;
  memberCode: string;
  memberName: string;
  tier: string;
  reason: string;
  earned: number | null;
  currentTier: string | null;
}

/**
 * Members by tier: every tier a member reached in the range (evaluated or overridden), with the
 * member's tier now beside it, so the sheet answers both "who moved" and "who is where".
 */
const tierChangeList = defineList<TierChangeRow>({
  columns: {
    id: memberTiers.id,
    fromAt: { sql: isoText(memberTiers.fromAt), label: 'From', format: 'datetime', width: 20 },
    memberCode: { sql: members.code, label: 'Member code', width: 12 },
    memberName: { sql: members.name, label: 'Member', width: 24 },
    tier: { sql: memberTiers.tier, label: 'Tier', width: 14 },
    reason: { sql: memberTiers.reason, label: 'How', width: 12 },
    earned: { sql: memberTiers.earned, label: 'Points earned in the period', format: 'int', width: 14 },
    currentTier: { sql: sql<string | null>`${members.tier}`, label: 'Tier now', width: 14 },
  },
  from: (db, fields) =>
    db.select(fields).from(memberTiers).innerJoin(members, eq(members.id, memberTiers.memberId)).$dynamic(),
  filters: {},
  sort: { id: memberTiers.id, fromAt: memberTiers.fromAt },
  defaultSort: 'id',
  id: memberTiers.id,
});

export const tiersReportSource = reportOf(tierChangeList, 'fromAt');
