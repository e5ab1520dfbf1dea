/**
 * The public face of the tiers module (issue 26 item 2): what other modules may use. Other modules
 * import from here (`'../tiers'`), never a file inside it.
 */
export { memberTierOf, tierRedeemMinBalance } from './tiers.repository';
