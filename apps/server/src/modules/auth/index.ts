/**
 * The public face of the auth module: what other modules may use. Other modules import from
 * here (`'../auth'`), never from a file inside the module.
 */
export { endSessionsOfStaff } from './auth.repository';
export type { StaffPrincipal } from './auth.service';
export { clearSecondFactor } from './second-factor';
