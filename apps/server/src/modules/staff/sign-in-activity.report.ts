import { signInEvents } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { reportOf } from '../../lib/lists/report';
import { isoText } from '../../lib/lists/sql';

/** Staff sign-in attempts: who tried, the outcome, from where (report only, no list page yet). */
const signInList = defineList<{ at: string; email: string; outcome: string; ip: string | null }>({
  columns: {
    at: { sql: isoText(signInEvents.at), label: 'Time', format: 'datetime', width: 20 },
    email: { sql: signInEvents.email, label: 'Email', width: 30 },
    outcome: { sql: signInEvents.outcome, label: 'Outcome', width: 16 },
    ip: { sql: signInEvents.ip, label: 'IP', width: 16 },
  },
  from: (db, fields) => db.select(fields).from(signInEvents).$dynamic(),
  filters: {},
  sort: { at: signInEvents.at },
  defaultSort: 'at',
  id: signInEvents.id,
});

export const signInActivitySource = reportOf(signInList, 'at');
