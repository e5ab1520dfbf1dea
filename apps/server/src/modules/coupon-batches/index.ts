/**
 * The public face of the coupon-batches module: what other modules may use. Other modules import from
 * here (`'../coupon-batches'`), never from a file inside the module.
 */
export { findBatch, insertBatch, reserveSerials } from './coupon-batches.repository';
export { GENERATE_TASK, generateBatch } from './coupon-batches.service';
export { fillBatch, GENERATION_CHUNK } from './coupon-generation';
