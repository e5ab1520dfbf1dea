/**
 * The public face of the products module: what other modules may use. Other modules import from
 * here (`'../products'`), never from a file inside the module.
 */
export { lockProduct } from './products.repository';
export { upsertProduct } from './products.service';
