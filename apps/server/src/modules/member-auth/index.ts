/**
 * The public face of the member-auth module: what other modules may use. Other modules import from
 * here (`'../member-auth'`), never from a file inside the module.
 */
export { createMemberSession, endMemberSession, type MemberPrincipal } from './member-sessions';
export { STANDING_MESSAGES } from './member-writes';
export { consumeOtp, requestOtp } from './otp.service';
