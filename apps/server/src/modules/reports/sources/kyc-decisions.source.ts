import { eq } from 'drizzle-orm';
import { kycSubmissions as k } from '../../../db/schema/kyc';
import { members } from '../../../db/schema/members';
import { staff } from '../../../db/schema/staff';
import { maskedColumns } from '../../kyc/kyc.repository';
import { countColumn, istText, keysetSource } from '../report-source';

/** KYC decisions made in the range (undecided rows fall outside any range); numbers masked. */
export const kycDecisionsSource = keysetSource({
  date: k.decidedAt,
  id: k.id,
  select: (db, cursor) =>
    db
      .select({
        decidedAt: istText(k.decidedAt),
        memberCode: members.code,
        memberName: members.name,
        status: k.status,
        reasonCode: k.reasonCode,
        comment: k.comment,
        reviewer: staff.name,
        aadhaar: maskedColumns.aadhaar,
        pan: maskedColumns.pan,
        accountNumber: maskedColumns.accountNumber,
        ifsc: k.ifsc,
        submittedAt: istText(k.submittedAt),
        ...cursor,
      })
      .from(k)
      .innerJoin(members, eq(members.id, k.memberId))
      .leftJoin(staff, eq(staff.id, k.decidedBy))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(k).$dynamic(),
});
