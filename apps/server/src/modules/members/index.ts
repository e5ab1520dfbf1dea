/**
 * The public face of the members module: what other modules may use. Other modules import from
 * here (`'../members'`), never from a file inside the module.
 */
export {
  approvedDealerCode,
  byMobile,
  byReferralCode,
  findMemberBy,
  findMemberDetail,
  lockMember,
  memberSearch,
} from './members.repository';
