/**
 * The public face of the coupon-scans module: what other modules may use. Other modules import from
 * here (`'../coupon-scans'`), never from a file inside the module.
 */
export { scanList, scansOfMember } from './coupon-scans.repository';
