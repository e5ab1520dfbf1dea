import { istDateTimeText, istDayStart } from '@app/contract/format';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { conditionsOf, dayRange, id, istDayRange, parseDay, parseId, text } from './filters';
import { fieldsOf } from './filters.test-kit';

const dialect = new PgDialect();

describe('list filter builders', () => {
  it('take an id only as a JSON integer or plain decimal digits', () => {
    expect(parseId('42', 'memberId')).toBe(42);
    expect(parseId(42, 'memberId')).toBe(42);
    for (const bad of ['0x10', '1e3', ' 5', '5 ', '-1', '0', '1.5', '', '99999999999999999', true, {}, []]) {
      expect(
        fieldsOf(() => parseId(bad, 'memberId')),
        String(bad),
      ).toEqual({ 'filter.memberId': 'Not an id' });
    }
  });

  it('read only the declaration’s own keys: prototype names are unknown filters', () => {
    const filters = { actorId: id(auditLog.actorId) };
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const filter = JSON.parse(`{"${key}": 1}`) as Record<string, unknown>;
      expect(
        fieldsOf(() => conditionsOf(filters, filter)),
        key,
      ).toEqual({ [`filter.${key}`]: 'Unknown filter' });
    }
    expect(conditionsOf(filters, { actorId: '', other: null } as Record<string, unknown>)).toBeUndefined();
  });

  it('searches text literally: the user’s % and _ match themselves', () => {
    const condition = text(auditLog.action)('50%_off', 'q')!;
    expect(dialect.sqlToQuery(condition).params).toEqual(['%50\\%\\_off%']);
    expect(fieldsOf(() => text(auditLog.action)({ a: 1 }, 'q'))).toHaveProperty('filter.q');
  });

  it('turns IST days into instants, both ends inclusive, and refuses days that do not exist', () => {
    const range = istDayRange(auditLog.at);
    const from = dialect.sqlToQuery(range.from!('2026-03-01', 'from')!);
    const to = dialect.sqlToQuery(range.to!('2026-03-01', 'to')!);
    expect(from.params).toEqual(['2026-02-28T18:30:00.000Z']);
    expect(to.params).toEqual(['2026-03-01T18:30:00.000Z']);
    for (const bad of ['2026-02-31', '2026-13-01', '01/03/2026', 'today', '2026-03-01;drop table x']) {
      expect(
        fieldsOf(() => range.from!(bad, 'from')),
        bad,
      ).toEqual({ 'filter.from': 'Use a date as YYYY-MM-DD' });
      expect(fieldsOf(() => parseDay(bad, 'dateFrom'))).toHaveProperty('filter.dateFrom');
    }
    expect(
      dialect.sqlToQuery(dayRange(auditLog.at, { from: 'a', to: 'b' }).b!('2026-03-01', 'b')!).params,
    ).toEqual(['2026-03-01']);
  });

  it('writes instants as IST wall time', () => {
    expect(istDayStart('2026-11-23')).toBe('2026-11-22T18:30:00.000Z');
    expect(istDateTimeText(new Date('2026-11-23T12:38:05Z'))).toBe('2026-11-23 18:08:05');
  });
});
