import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { memberSessions, members } from '../../db/schema/members';
import { hashToken, newToken, tokenFromHeader } from '../../lib/tokens';

/** A phone stays signed in while used at least monthly, and at most half a year. */
const IDLE_TIMEOUT = '30 days';
const ABSOLUTE_TIMEOUT = '180 days';
const TOUCH_AFTER_MS = 60 * 60_000;

/**
 * Who is calling. Deliberately without the member's status: a principal may come from the cache
 * below, so every service that depends on the status reads it in its own transaction.
 */
export interface MemberPrincipal {
  id: number;
  mobile: string;
  sessionId: number;
}

/**
 * Sessions resolved in the last few seconds, per app instance (per database handle). A member scanning a box of products
 * sends a burst of requests, and looking the session up each time was a database round trip per
 * request (bench/scan-throughput.ts). The price: a session ended through ANOTHER server instance
 * still opens member routes here for up to RECENT_MS; this instance forgets a session it ends at once.
 */
const RECENT_MS = 10_000;
// Keyed by the database handle: one per app instance, and the same in every encapsulated plugin.
const recentByDatabase = new WeakMap<object, LRUCache<string, MemberPrincipal>>();
const recentOf = (app: FastifyInstance) => {
  let recent = recentByDatabase.get(app.database);
  if (!recent) {
    recent = new LRUCache({ max: 20_000, ttl: RECENT_MS });
    recentByDatabase.set(app.database, recent);
  }
  return recent;
};

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
  const tokenHash = hashToken(token);
  const recent = recentOf(app).get(tokenHash);
  if (recent) return recent;
  const { db } = app.database;
  const [row] = await db
    .select({
      id: members.id,
      mobile: members.mobile,
      sessionId: memberSessions.id,
      lastSeenAt: memberSessions.lastSeenAt,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(
      and(
        eq(memberSessions.tokenHash, tokenHash),
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
  const principal = { id: row.id, mobile: row.mobile, sessionId: row.sessionId };
  recentOf(app).set(tokenHash, principal);
  return principal;
}

export async function endMemberSession(app: FastifyInstance, sessionId: number): Promise<void> {
  const { db } = app.database;
  await db.update(memberSessions).set({ endedAt: sql`now()` }).where(eq(memberSessions.id, sessionId));
  const recent = recentOf(app);
  for (const [tokenHash, principal] of recent.entries())
    if (principal.sessionId === sessionId) recent.delete(tokenHash);
}
