/**
 * The public face of the redemptions module: what other modules may use. Other modules import from
 * here (`'../redemptions'`), never from a file inside the module.
 */

export {
  dispatchGift,
  fulfil,
  markGiftDelivered,
  markGiftReturned,
  voucherNeedOf,
  waitingVoucherRedemptions,
} from './redemption-fulfilment';
export { moveRedemption } from './redemption-state';
export { recomputeTds } from './redemption-tds';
export type { LockedRedemption } from './redemptions.repository';
export { lockRedemption, lockRedemptions } from './redemptions.repository';
