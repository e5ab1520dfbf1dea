import type { DecisionOutcome, DecisionResult } from '@app/contract/decisions';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { type Actor, type AuditEntry, audit, auditMany } from './audit';
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
  /**
   * Set-based bulk decisions (optional; a flow gives both or neither): `lockMany` reads and locks the
   * records of `ids` in one statement, in id order (the order concurrent bulks lock in), keyed by id;
   * `applyMany` makes the change to the accepted rows together (one UPDATE, one history INSERT) and
   * returns their audit entries in row order, which `decideMany` writes in one INSERT. The rows,
   * history and audit entries must be what `apply` row by row would leave. Refusals belong in
   * `wrongState`, `makers` and `check` (which must then only read: a refused row has no savepoint to
   * roll back); an error out of `applyMany` fails the whole bulk, changing nothing.
   */
  lockMany?(tx: Tx, ids: readonly number[]): Promise<Map<number, Row>>;
  applyMany?(tx: Tx, rows: Row[], decision: Decision<Input>): Promise<AuditEntry[]>;
}

/** Why this record may not be decided (not found, wrong state, the decider's own), or null. */
function refusalOf<Row, Input>(
  flow: DecisionFlow<Row, Input>,
  row: Row | undefined,
  decision: Decision<Input>,
): AppError | null {
  if (row === undefined) return notFound(flow.entity);
  const wrong = flow.wrongState(row);
  if (wrong) return conflict(wrong);
  const actorId = decision.actor.id;
  if (actorId !== null && flow.makers?.(row).includes(actorId))
    return new AppError(
      409,
      'maker_checker',
      flow.makerMessage ?? 'You asked for this; someone else must decide it',
    );
  return null;
}

/** A refusal a bulk reports as "skipped"; anything else (a fault) is rethrown. */
const asRefusal = (error: unknown): AppError => {
  if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
  return error;
};

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
  const refusal = refusalOf(flow, row, decision);
  if (refusal) throw refusal;
  await flow.check?.(tx, row!, decision);
  await audit(tx, decision.actor, await flow.apply(tx, row!, decision));
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

/** Records locked and changed per set-based round (the bulk routes take at most 500 at a time). */
const SET_CHUNK = 500;

/**
 * Decides many records in one transaction, in id order (the order concurrent bulks lock in). A record
 * that is refused (not found, wrong state, the decider's own) is skipped with the reason and leaves
 * nothing behind, while the others are decided. A flow with `lockMany`/`applyMany` is decided set-based
 * (per chunk: one locking SELECT, the flow's few statements, one audit INSERT); any other runs each
 * record in a savepoint through `decideIn`.
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
    if (flow.lockMany && flow.applyMany) return decideSetBased(tx, flow, ordered, decision);
    const outcomes: DecisionOutcome[] = [];
    for (const id of ordered) {
      try {
        await tx.transaction((savepoint) => decideIn(savepoint, flow, id, decision));
        outcomes.push({ id, outcome: decision.result });
      } catch (error) {
        outcomes.push({ id, outcome: 'skipped', error: asRefusal(error).message });
      }
    }
    return outcomes;
  });
}

/** The set-based bulk: the same outcomes, rows, history and audit as row by row, in a few statements. */
async function decideSetBased<Row, Input>(
  tx: Tx,
  flow: DecisionFlow<Row, Input>,
  ordered: readonly number[],
  decision: Decision<Input>,
): Promise<DecisionOutcome[]> {
  const outcomes: DecisionOutcome[] = [];
  for (let i = 0; i < ordered.length; i += SET_CHUNK) {
    const chunk = ordered.slice(i, i + SET_CHUNK);
    const locked = await flow.lockMany!(tx, chunk);
    const accepted: Row[] = [];
    for (const id of chunk) {
      const row = locked.get(id);
      let refusal = refusalOf(flow, row, decision);
      if (!refusal && flow.check) refusal = await flow.check(tx, row!, decision).then(() => null, asRefusal);
      if (refusal) outcomes.push({ id, outcome: 'skipped', error: refusal.message });
      else {
        accepted.push(row!);
        outcomes.push({ id, outcome: decision.result });
      }
    }
    if (accepted.length > 0)
      await auditMany(tx, decision.actor, await flow.applyMany!(tx, accepted, decision));
  }
  return outcomes;
}
