import { describe, expect, it } from 'vitest';
import {
  EXACT_TOTAL_LIMIT,
  mustCount,
  type PlanNode,
  readsOneTable,
  TRUSTED_ESTIMATE,
  totalOf,
} from './count';

describe('list totals', () => {
  it('is exact up to 10,000 whatever the planner estimated', () => {
    expect(totalOf(5_000_000, 10_000)).toEqual({ total: 10_000, estimated: false });
    expect(totalOf(3, 0)).toEqual({ total: 0, estimated: false });
    expect(totalOf(Number.NaN, 42)).toEqual({ total: 42, estimated: false });
  });

  it('is the estimate above 10,000, flagged, and never below 10,001 when the estimate was too low', () => {
    expect(totalOf(250_000.4, EXACT_TOTAL_LIMIT + 1)).toEqual({ total: 250_000, estimated: true });
    expect(totalOf(50, EXACT_TOTAL_LIMIT + 1)).toEqual({ total: 10_001, estimated: true });
    expect(totalOf(Number.NaN, EXACT_TOTAL_LIMIT + 1)).toEqual({ total: 10_001, estimated: true });
    expect(totalOf(2 * TRUSTED_ESTIMATE)).toEqual({ total: 2 * TRUSTED_ESTIMATE, estimated: true });
  });

  it('counts unless the estimate reads one table and is 100 times the limit', () => {
    expect(mustCount({ rows: TRUSTED_ESTIMATE, oneTable: true })).toBe(false);
    expect(mustCount({ rows: TRUSTED_ESTIMATE - 1, oneTable: true })).toBe(true);
    expect(mustCount({ rows: 10 * TRUSTED_ESTIMATE, oneTable: false })).toBe(true);
    expect(mustCount({ rows: Number.NaN, oneTable: true })).toBe(true);
  });

  it('calls a plan one table only without joins or subqueries', () => {
    const scan = (relation: string): PlanNode => ({ 'Node Type': 'Seq Scan', 'Relation Name': relation });
    const bitmap: PlanNode = {
      'Node Type': 'Bitmap Heap Scan',
      'Relation Name': 'coupon_scans',
      Plans: [{ 'Node Type': 'Bitmap Index Scan' }],
    };
    expect(readsOneTable(scan('coupon_scans'))).toBe(true);
    expect(readsOneTable({ 'Node Type': 'Gather', Plans: [bitmap] })).toBe(true);
    expect(
      readsOneTable({ 'Node Type': 'Nested Loop', Plans: [scan('coupons'), scan('invoice_lines')] }),
    ).toBe(false);
    expect(readsOneTable({ 'Node Type': 'Hash Semi Join', Plans: [scan('a'), scan('a')] })).toBe(false);
    expect(
      readsOneTable({
        'Node Type': 'Seq Scan',
        'Relation Name': 'members',
        Plans: [{ ...scan('coupon_scans'), 'Parent Relationship': 'SubPlan' }],
      }),
    ).toBe(false);
  });
});
