/**
 * The public face of the coupon-allocations module: what other modules may use. Other modules import from
 * here (`'../coupon-allocations'`), never from a file inside the module.
 */
export { addToLine, allocationList, insertAllocation } from './coupon-allocations.repository';
