import { eq, sql } from 'drizzle-orm';
import { roles, staff } from '../../../db/schema/staff';
import { countColumn, istText, keysetSource } from '../report-source';

/** Staff accounts created in the range, with their role's display name. */
export const staffSource = keysetSource({
  date: staff.createdAt,
  id: staff.id,
  select: (db, cursor) =>
    db
      .select({
        name: staff.name,
        email: staff.email,
        mobile: staff.mobile,
        role: roles.label,
        active: sql<string>`case when ${staff.active} then 'Yes' else 'No' end`,
        lastSignInAt: istText(staff.lastSignInAt),
        createdAt: istText(staff.createdAt),
        ...cursor,
      })
      .from(staff)
      .innerJoin(roles, eq(roles.id, staff.roleId))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(staff).$dynamic(),
});
