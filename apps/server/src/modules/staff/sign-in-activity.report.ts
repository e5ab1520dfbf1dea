import { signInEvents } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { reportColumns, reportOf } from '../../lib/lists/report';
import { isoText } from '../../lib/lists/sql';

/** Staff sign-in attempts: who tried, the outcome, from where (report only, no list page yet). */
const signInList = defineList<{ at: string; email: string; outcome: string; ip: string | null }>({
  columns: {
    at: { sql: isoText(signInEvents.at), format: 'datetime' },
    email: signInEvents.email,
    outcome: signInEvents.outcome,
    ip: signInEvents.ip,
  },
  from: (db, fields) => db.select(fields).from(signInEvents).$dynamic(),
  filters: {},
  sort: { at: signInEvents.at },
  defaultSort: 'at',
  id: signInEvents.id,
});

export const signInActivitySource = reportOf(signInList, 'at', reportColumns('sign_in_activity'));
