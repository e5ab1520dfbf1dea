import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { bdes, employees, fieldSessions } from '../../db/schema/employees';
import { hashToken, newToken, tokenFromHeader } from '../../lib/tokens';

/** A field phone stays signed in while used at least fortnightly, and at most three months. */
const IDLE_TIMEOUT = '14 days';
const ABSOLUTE_TIMEOUT = '90 days';
const TOUCH_AFTER_MS = 60 * 60_000;

/** The BDE behind a field token (an employee id). */
export interface FieldPrincipal {
  id: number;
  sessionId: number;
}

export async function createFieldSession(tx: Executor, employeeId: number): Promise<string> {
  const token = newToken();
  await tx.insert(fieldSessions).values({ tokenHash: hashToken(token), employeeId });
  return token;
}

/**
 * The BDE behind the request's token, looked up in field_sessions only, and only while the BDE and
 * the employee are both active: deactivating either closes the field app at once.
 */
export async function resolveFieldSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<FieldPrincipal | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return null;
  const { db } = app.database;
  const [row] = await db
    .select({
      id: fieldSessions.employeeId,
      sessionId: fieldSessions.id,
      lastSeenAt: fieldSessions.lastSeenAt,
    })
    .from(fieldSessions)
    .innerJoin(bdes, eq(bdes.employeeId, fieldSessions.employeeId))
    .innerJoin(employees, eq(employees.id, fieldSessions.employeeId))
    .where(
      and(
        eq(fieldSessions.tokenHash, hashToken(token)),
        isNull(fieldSessions.endedAt),
        gt(fieldSessions.lastSeenAt, sql`now() - ${IDLE_TIMEOUT}::interval`),
        gt(fieldSessions.createdAt, sql`now() - ${ABSOLUTE_TIMEOUT}::interval`),
        eq(bdes.active, true),
        eq(employees.status, 'active'),
      ),
    );
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS)
    await db.update(fieldSessions).set({ lastSeenAt: sql`now()` }).where(eq(fieldSessions.id, row.sessionId));
  return { id: row.id, sessionId: row.sessionId };
}

/** Ends every field session of an employee (password reset, deactivation). */
export async function endFieldSessionsOf(tx: Executor, employeeId: number): Promise<void> {
  await tx
    .update(fieldSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(fieldSessions.employeeId, employeeId), isNull(fieldSessions.endedAt)));
}
