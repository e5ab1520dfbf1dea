/**
 * The public face of the points-limits module (caps and redemption limits): what other
 * modules may use. Other modules import from here (`'../points-limits'`), never a file inside it.
 */
export { checkRedemptionLimits } from './points-limits.service';
