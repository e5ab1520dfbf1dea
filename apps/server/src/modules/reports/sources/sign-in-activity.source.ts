import { signInEvents } from '../../../db/schema/staff';
import { countColumn, istText, keysetSource } from '../report-source';

/** Every staff sign-in attempt in the range: who tried, the outcome, from where. */
export const signInActivitySource = keysetSource({
  date: signInEvents.at,
  id: signInEvents.id,
  select: (db, cursor) =>
    db
      .select({
        at: istText(signInEvents.at),
        email: signInEvents.email,
        outcome: signInEvents.outcome,
        ip: signInEvents.ip,
        ...cursor,
      })
      .from(signInEvents)
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(signInEvents).$dynamic(),
});
