/**
 * The public face of the coupons module: what other modules may use. Other modules import from
 * here (`'../coupons'`), never from a file inside the module.
 */
export { arrayLiteral, type CodeSource, randomCodes } from './coupon-codes';
export { countExportColumns, countsJson, visibleCounts } from './coupon-counts';
export {
  countNewBatch,
  type Moved,
  moveCoupons,
  moveCouponsReturning,
  unexpiredBatch,
} from './coupon-transitions';
