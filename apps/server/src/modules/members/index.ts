/**
 * The public face of the members module: what other modules may use. Other modules import from
 * here (`'../members'`), never from a file inside the module.
 */
export {
  approvedDealerCode,
  byMobile,
  byReferralCode,
  createMember,
  findMemberBy,
  findMemberDetail,
  lockMember,
  memberCodeOf,
  memberSearch,
  type NewMember,
} from './members.repository';
