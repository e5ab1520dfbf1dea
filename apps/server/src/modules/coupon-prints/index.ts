/**
 * The public face of the coupon-prints module: what other modules may use. Other modules import from
 * here (`'../coupon-prints'`), never from a file inside the module.
 */
export { PRINT_TASK, renderPrint } from './coupon-prints.service';
