/**
 * The public face of the payouts module: what other modules may use. Other modules import from
 * here (`'../payouts'`), never from a file inside the module.
 */
export { refuseBatched } from './payout-lines.repository';
export { razorpayxCall } from './razorpayx';
