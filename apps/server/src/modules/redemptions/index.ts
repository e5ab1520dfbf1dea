/**
 * The public face of the redemptions module: what other modules may use. Other modules import from
 * here (`'../redemptions'`), never from a file inside the module.
 */
export type { LockedRedemption } from './redemptions.repository';
