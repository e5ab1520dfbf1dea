import { reportColumns, reportOf } from '../../../lib/lists/report';
import { memberList } from '../../members/members.repository';

/** Members registered in the range. No KYC numbers. */
export const membersSource = reportOf(memberList, 'createdAt', reportColumns('members'), {
  dealer: 'dealerName',
});
