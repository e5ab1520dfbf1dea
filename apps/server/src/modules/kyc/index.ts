/**
 * The public face of the kyc module: what other modules may use. Other modules import from
 * here (`'../kyc'`), never from a file inside the module.
 */
export { kycOfMember } from './kyc.repository';
