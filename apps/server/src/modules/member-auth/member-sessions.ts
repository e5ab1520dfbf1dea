import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { memberSessions, members } from '../../db/schema/members';
import { hashToken, newToken, tokenFromHeader } from '../../lib/tokens';

/** A phone stays signed in while used at least monthly, and at most half a year. */
const IDLE_TIMEOUT = '30 days';
const ABSOLUTE_TIMEOUT = '180 days';
const TOUCH_AFTER_MS = 60 * 60_000;

export interface MemberPrincipal {
  id: number;
  mobile: string;
  status: string;
  sessionId: number;
}

export async function createMemberSession(tx: Executor, memberId: number): Promise<string> {
  const token = newToken();
  await tx.insert(memberSessions).values({ tokenHash: hashToken(token), memberId });
  return token;
}

/** The member behind the request's token, looked up in member_sessions only. */
export async function resolveMemberSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<MemberPrincipal | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return null;
  const { db } = app.database;
  const [row] = await db
    .select({
      id: members.id,
      mobile: members.mobile,
      status: members.status,
      sessionId: memberSessions.id,
      lastSeenAt: memberSessions.lastSeenAt,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(
      and(
        eq(memberSessions.tokenHash, hashToken(token)),
        isNull(memberSessions.endedAt),
        gt(memberSessions.lastSeenAt, sql`now() - ${IDLE_TIMEOUT}::interval`),
        gt(memberSessions.createdAt, sql`now() - ${ABSOLUTE_TIMEOUT}::interval`),
      ),
    );
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(memberSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(memberSessions.id, row.sessionId));
  }
  return { id: row.id, mobile: row.mobile, status: row.status, sessionId: row.sessionId };
}

export async function endMemberSession(tx: Executor, sessionId: number): Promise<void> {
  await tx.update(memberSessions).set({ endedAt: sql`now()` }).where(eq(memberSessions.id, sessionId));
}
