import type { SettingRow } from '@app/contract/effective-settings';
import { todayInIndia } from '@app/contract/format';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { type Actor, audit } from '../audit';
import { type DecisionFlow, decideOne } from '../decisions';
import { fieldError, notFound } from '../errors';
import type { LockedSetting, SettingRepository } from './repository';

export type StaffActor = Actor & { id: number };

/** What a setting adds to the kit: its queries, names, messages and values. */
export interface SettingDefinition<Row extends SettingRow, Body, Values extends Record<string, unknown>> {
  repository: SettingRepository<Row, Values>;
  /** The audit entity (`points_limits`) and the prefix of its actions (`points_limits.requested`). */
  auditEntity: string;
  auditAction: string;
  /** Names the row in "not found" messages: "Limits". */
  noun: string;
  messages: { pastDate: string; makerChecker: string };
  /** Why a decided row cannot be decided again: "These limits are already approved". */
  decided: (status: string) => string;
  /** The values a request writes (after the contract's parse; a service may check more and throw). */
  values: (body: Body) => Values | Promise<Values>;
  /** The values as the audit records them. */
  snapshot: (row: Row) => Record<string, unknown>;
}

/**
 * The service of an effective-dated, maker-checker setting: the history, a request (not before today
 * in India; audited) and the decision through the shared `DecisionFlow` (the requester cannot decide,
 * a rejection needs a reason, a decided row answers 409; audited with the before and after).
 */
export function settingService<
  Row extends SettingRow,
  Body extends { effectiveFrom: string; note?: string | null },
  Values extends Record<string, unknown>,
>(definition: SettingDefinition<Row, Body, Values>) {
  const repo = definition.repository;
  const load = async (db: Executor, id: number): Promise<Row> => {
    const row = await repo.find(db, id);
    if (!row) throw notFound(definition.noun);
    return row;
  };
  const snapshot = (row: Row) => ({
    ...definition.snapshot(row),
    effectiveFrom: row.effectiveFrom,
    status: row.status,
    note: row.note,
  });

  const flow: DecisionFlow<LockedSetting> = {
    entity: definition.noun,
    lock: (tx: Tx, id: number) => repo.lock(tx, id),
    wrongState: (row) => (row.status !== 'pending' ? definition.decided(row.status) : null),
    makers: (row) => [row.requestedBy],
    makerMessage: definition.messages.makerChecker,
    reasonRequired: { results: ['rejected'], field: 'reason' },
    async apply(tx, { id }, { actor, result, reason }) {
      const before = await load(tx, id);
      await repo.decide(tx, id, { status: result, by: actor.id!, reason });
      const after = await load(tx, id);
      return {
        action: `${definition.auditAction}.${result}`,
        entity: definition.auditEntity,
        entityId: id,
        before: snapshot(before),
        after: { ...snapshot(after), reason },
      };
    },
  };

  return {
    flow,
    load,
    list: (app: FastifyInstance) => repo.list(app.database.db),
    /** A change, requested: it applies to nothing until someone else approves it. */
    async request(app: FastifyInstance, actor: StaffActor, body: Body): Promise<Row> {
      if (body.effectiveFrom < todayInIndia())
        throw fieldError('effectiveFrom', definition.messages.pastDate);
      const values = await definition.values(body);
      return app.database.db.transaction(async (tx) => {
        const id = await repo.insert(tx, {
          values,
          effectiveFrom: body.effectiveFrom,
          note: body.note ?? null,
          requestedBy: actor.id,
        });
        const after = await load(tx, id);
        await audit(tx, actor, {
          action: `${definition.auditAction}.requested`,
          entity: definition.auditEntity,
          entityId: id,
          after: snapshot(after),
        });
        return after;
      });
    },
    decide: (
      app: FastifyInstance,
      actor: StaffActor,
      id: number,
      result: 'approved' | 'rejected',
      reason: string | null,
    ) => decideOne(app, flow, id, { actor, result, reason, input: undefined }, load),
  };
}

export type SettingService = ReturnType<typeof settingService<SettingRow, never, Record<string, unknown>>>;
