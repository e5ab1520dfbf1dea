import type { SettingRow } from '@app/contract/effective-settings';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isoText } from '../lists/sql';

/** One value column of a setting: the row's key, the table's column, and an optional SQL cast on write. */
export interface SettingColumn {
  key: string;
  column: string;
  /** The cast a written value takes, e.g. `jsonb` (the value is then sent as JSON text). */
  cast?: 'jsonb';
}

/** How a setting's table reads and writes (see `settingRepository`). */
export interface SettingTable {
  /** The table: id, the value columns, effective_from, status, note, requested_by/at, decided_by/at, decision_reason. */
  table: string;
  columns: readonly SettingColumn[];
  /** How timestamps read: `text` (timestamptz::text) or `iso` (ISO 8601, UTC). */
  timestamps: 'text' | 'iso';
}

/** A row as the decision flow locks it. */
export interface LockedSetting {
  id: number;
  status: string;
  requestedBy: number;
  effectiveFrom: string;
}

export interface SettingDecision {
  status: 'approved' | 'rejected';
  by: number;
  reason: string | null;
}

/**
 * The queries of an effective-dated, maker-checker setting (contract `effective-settings.ts`), for
 * any table of that shape: the row in force (the latest approved effective by now), the history, one
 * row, the lock the decision flow takes, a request (from the start of its day in India) and the
 * decision (an approval never reaches back in time: effective from the approval at the earliest).
 */
export function settingRepository<Row extends SettingRow, Values extends Record<string, unknown>>(
  definition: SettingTable,
) {
  const table = sql.identifier(definition.table);
  const time = (column: string) =>
    definition.timestamps === 'iso' ? isoText(sql.raw(`s.${column}`)) : sql.raw(`s.${column}::text`);
  /** The id of the approved row in force now; null when none. */
  const inForceId: SQL = sql`(select f.id from ${table} f where f.status = 'approved'
    and f.effective_from <= now() order by f.effective_from desc, f.id desc limit 1)`;
  const values = sql.join(
    definition.columns.map((c) => sql`${sql.raw(`s.${c.column}`)} as ${sql.identifier(c.key)}`),
    sql`, `,
  );
  const columns = sql`s.id::int as id, ${values}, ${time('effective_from')} as "effectiveFrom", s.status,
    s.note, s.requested_by as "requestedBy", r.name as "requestedByName", ${time('requested_at')} as "requestedAt",
    s.decided_by as "decidedBy", d.name as "decidedByName", ${time('decided_at')} as "decidedAt",
    s.decision_reason as "decisionReason", s.id = coalesce(${inForceId}, 0) as "inForce"`;
  const from = sql`from ${table} s left join staff r on r.id = s.requested_by
    left join staff d on d.id = s.decided_by`;

  return {
    inForceId,
    /** Every row, newest effective first (at most 200). */
    async list(db: Executor): Promise<Row[]> {
      const { rows } = await db.execute(
        sql`select ${columns} ${from} order by s.effective_from desc, s.id desc limit 200`,
      );
      return rows as unknown as Row[];
    },
    async find(db: Executor, id: number): Promise<Row | undefined> {
      const { rows } = await db.execute(sql`select ${columns} ${from} where s.id = ${id}`);
      return rows[0] as unknown as Row | undefined;
    },
    async lock(db: Executor, id: number): Promise<LockedSetting | undefined> {
      const { rows } = await db.execute(sql`select id::int as id, status, requested_by as "requestedBy",
        effective_from::text as "effectiveFrom" from ${table} where id = ${id} for update`);
      return rows[0] as unknown as LockedSetting | undefined;
    },
    /** A requested row, effective from the start of its day in India. */
    async insert(
      db: Executor,
      row: { values: Values; effectiveFrom: string; note: string | null; requestedBy: number },
    ): Promise<number> {
      const names = sql.join(
        definition.columns.map((c) => sql.identifier(c.column)),
        sql`, `,
      );
      const given = sql.join(
        definition.columns.map((c) => {
          const value = row.values[c.key] ?? null;
          return c.cast === 'jsonb'
            ? sql`${value === null ? null : JSON.stringify(value)}::jsonb`
            : sql`${value}`;
        }),
        sql`, `,
      );
      const { rows } =
        await db.execute(sql`insert into ${table} (${names}, effective_from, note, requested_by)
        values (${given}, (${row.effectiveFrom}::date)::timestamp at time zone 'Asia/Kolkata',
          ${row.note}, ${row.requestedBy}) returning id::int as id`);
      return (rows[0] as { id: number }).id;
    },
    async decide(db: Executor, id: number, decision: SettingDecision): Promise<void> {
      await db.execute(sql`update ${table} set status = ${decision.status}, decided_by = ${decision.by},
        decided_at = now(), decision_reason = ${decision.reason},
        effective_from = case when ${decision.status} = 'approved' then greatest(effective_from, now()) else effective_from end
        where id = ${id}`);
    },
  };
}

export type SettingRepository<Row extends SettingRow, Values extends Record<string, unknown>> = ReturnType<
  typeof settingRepository<Row, Values>
>;
