/**
 * The public face of the member-app module: what other modules may use. Other modules import from
 * here (`'../member-app'`), never from a file inside the module.
 */

export { profileOf } from './member-profile';
export { currentTermsVersionSql } from './terms';
