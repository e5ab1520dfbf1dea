import { badRequest } from '../../lib/errors';

/** Small parsers of list filter values, each naming the filter in its error. */
const refuse = (key: string, message: string) =>
  badRequest(`filter.${key}: ${message}`, { [`filter.${key}`]: message });

export function oneOf<T extends string>(key: string, v: unknown, allowed: readonly T[]): T {
  if (allowed.includes(v as T)) return v as T;
  throw refuse(key, `Use one of: ${allowed.join(', ')}`);
}

export function intFilter(key: string, v: unknown): number {
  const n = Number(v);
  if (v !== '' && Number.isSafeInteger(n)) return n;
  throw refuse(key, 'Use a whole number');
}

/** 00:00 Asia/Kolkata of a YYYY-MM-DD day, plus `addDays`, as an ISO instant. */
export function dayStartIst(key: string, v: unknown, addDays: number): string {
  const day = String(v);
  const at = new Date(`${day}T00:00:00+05:30`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at.getTime()))
    throw refuse(key, 'Use a date as YYYY-MM-DD');
  return new Date(at.getTime() + addDays * 86_400_000).toISOString();
}
