/**
 * The public face of the stores module: what other modules may use. Other modules import from
 * here (`'../stores'`), never from a file inside the module.
 */
export { storeWrites } from './stores.record';
export { storesByCode } from './stores.repository';
