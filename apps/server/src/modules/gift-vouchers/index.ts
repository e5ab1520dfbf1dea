/**
 * The public face of the gift-vouchers module: what other modules may use. Other modules import from
 * here (`'../gift-vouchers'`), never from a file inside the module.
 */
export { issueOnApproval } from './voucher-fulfilment';
export { orderWaiting } from './voucher-orders';
export { voucherInStock, voucherOfRedemption } from './voucher-stock';
