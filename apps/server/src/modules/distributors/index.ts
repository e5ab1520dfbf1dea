/**
 * The public face of the distributors module: what other modules may use. Other modules import from
 * here (`'../distributors'`), never from a file inside the module.
 */

export { distributorWrites } from './distributors.record';
export { distributorsByCode, findDistributor } from './distributors.repository';
