import type { DecisionOutcome, DecisionResult } from '@app/contract/decisions';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { type Actor, type AuditEntry, audit } from './audit';
import { AppError, conflict, fieldError, notFound } from './errors';

/** One decision as a flow sees it: who decides, which way, and the reason given. */
export interface Decision<Input> {
  actor: Actor;
  result: DecisionResult;
  reason: string | null;
  /** The rest of the flow's body (e.g. "issue replacements"). */
  input: Input;
}

/**
 * One approve/reject flow. The mechanism does what every flow must: the record is locked, a record
 * in a wrong state answers 409 with nothing changed, the people who asked for it cannot decide it
 * (maker-checker, 409), a reason is required where the flow says so, and the audit entry the flow
 * returns is written in the same transaction as the change.
 */
export interface DecisionFlow<Row, Input = undefined> {
  /** Names the record in "not found" messages: "Adjustment". */
  entity: string;
  /** Reads and locks the record for the rest of the transaction; nothing when it does not exist. */
  lock(tx: Tx, id: number): Promise<Row | undefined>;
  /** Why the record cannot be decided in its state, or null when it waits for a decision. */
  wrongState(row: Row): string | null;
  /** Staff accounts that asked for this record and so may not decide it. */
  makers?(row: Row): readonly (number | null)[];
  makerMessage?: string;
  /** The results that need a reason, and the body field the reason is read from. */
  reasonRequired?: { results: readonly DecisionResult[]; field: string };
  /** A refusal of the flow's own (e.g. KYC: only the reviewer who claimed it); throw to refuse. */
  check?(tx: Tx, row: Row, decision: Decision<Input>): Promise<void>;
  /** Makes the change; returns the audit entry that records it. */
  apply(tx: Tx, row: Row, decision: Decision<Input>): Promise<AuditEntry>;
}

/** Decides one record inside the caller's transaction. */
export async function decideIn<Row, Input>(
  tx: Tx,
  flow: DecisionFlow<Row, Input>,
  id: number,
  decision: Decision<Input>,
): Promise<void> {
  const required = flow.reasonRequired;
  if (required?.results.includes(decision.result) && !decision.reason)
    throw fieldError(required.field, 'Give a reason');
  const row = await flow.lock(tx, id);
  if (row === undefined) throw notFound(flow.entity);
  const wrong = flow.wrongState(row);
  if (wrong) throw conflict(wrong);
  const actorId = decision.actor.id;
  if (actorId !== null && flow.makers?.(row).includes(actorId))
    throw new AppError(
      409,
      'maker_checker',
      flow.makerMessage ?? 'You asked for this; someone else must decide it',
    );
  await flow.check?.(tx, row, decision);
  await audit(tx, decision.actor, await flow.apply(tx, row, decision));
}

/** Decides one record in a transaction of its own and returns what `load` reads afterwards. */
export function decideOne<Row, Input, Out>(
  app: FastifyInstance,
  flow: DecisionFlow<Row, Input>,
  id: number,
  decision: Decision<Input>,
  load: (tx: Tx, id: number) => Promise<Out>,
): Promise<Out> {
  return app.database.db.transaction(async (tx) => {
    await decideIn(tx, flow, id, decision);
    return load(tx, id);
  });
}

/**
 * Decides many records in one transaction, in id order (the order concurrent bulks lock in). Each
 * record runs in a savepoint: one that is refused (not found, wrong state, the decider's own) is
 * skipped with the reason and leaves nothing behind, while the others are decided.
 */
export async function decideMany<Row, Input>(
  app: FastifyInstance,
  flow: DecisionFlow<Row, Input>,
  ids: readonly number[],
  decision: Decision<Input>,
): Promise<DecisionOutcome[]> {
  const required = flow.reasonRequired;
  if (required?.results.includes(decision.result) && !decision.reason)
    throw fieldError(required.field, 'Give a reason');
  const ordered = [...new Set(ids)].sort((a, b) => a - b);
  return app.database.db.transaction(async (tx) => {
    const outcomes: DecisionOutcome[] = [];
    for (const id of ordered) {
      try {
        await tx.transaction((savepoint) => decideIn(savepoint, flow, id, decision));
        outcomes.push({ id, outcome: decision.result });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        outcomes.push({ id, outcome: 'skipped', error: error.message });
      }
    }
    return outcomes;
  });
}
