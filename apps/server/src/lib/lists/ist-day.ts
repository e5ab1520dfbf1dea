/**
 * IST calendar days as instants. Asia/Kolkata has no daylight saving: a day there starts at
 * 00:00+05:30, always, so this arithmetic needs no time-zone database.
 */
const IST_OFFSET = '+05:30';
const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 00:00 IST of a `yyyy-mm-dd` day plus `addDays`, as an ISO instant; undefined when not a real day. */
export function istDayStart(day: string, addDays = 0): string | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const at = new Date(`${day}T00:00:00${IST_OFFSET}`);
  if (Number.isNaN(at.getTime())) return undefined;
  // `2026-02-31` parses as 3 March: only a day that round-trips is a real calendar day.
  const back = new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  if (back !== day) return undefined;
  return new Date(at.getTime() + addDays * DAY_MS).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as IST wall time `yyyy-mm-dd hh:mm:ss` (sortable text in a spreadsheet). */
export function istDateTimeText(at: Date): string {
  const ist = new Date(at.getTime() + 5.5 * 3_600_000);
  return `${ist.toISOString().slice(0, 10)} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}:${pad(ist.getUTCSeconds())}`;
}
