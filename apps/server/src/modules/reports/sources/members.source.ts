import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members } from '../../../db/schema/members';
import { countColumn, istText, keysetSource } from '../report-source';

const dealer = alias(members, 'dealer');

/** Members registered in the range. No KYC numbers. */
export const membersSource = keysetSource({
  date: members.createdAt,
  id: members.id,
  select: (db, cursor) =>
    db
      .select({
        code: members.code,
        name: members.name,
        mobile: members.mobile,
        type: members.type,
        city: members.city,
        district: members.district,
        state: members.state,
        pincode: members.pincode,
        dealer: dealer.name,
        status: members.status,
        statusReason: members.statusReason,
        kycStatus: members.kycStatus,
        balance: members.balance,
        createdAt: istText(members.createdAt),
        ...cursor,
      })
      .from(members)
      .leftJoin(dealer, eq(dealer.id, members.dealerId))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(members).$dynamic(),
});
