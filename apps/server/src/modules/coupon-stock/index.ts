/**
 * The public face of the coupon-stock module: what other modules may use. Other modules import from
 * here (`'../coupon-stock'`), never from a file inside the module.
 */
export { couponStateTotals, liabilityOf } from './coupon-stock.repository';
