/**
 * The public face of the tiers module: what other modules may use. Other modules
 * import from here (`'../tiers'`), never a file inside it.
 */
export { memberTierOf, tierRedeemMinBalance } from './tiers.repository';
