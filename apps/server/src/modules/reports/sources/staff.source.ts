import { reportColumns, reportOf } from '../../../lib/lists/report';
import { staffList } from '../../staff/staff.repository';

/** Staff accounts created in the range, with their role's display name. */
export const staffSource = reportOf(staffList, 'createdAt', reportColumns('staff'), { role: 'roleName' });
