/**
 * The public face of the scheme-points module: what other modules may use. Other modules import from
 * here (`'../scheme-points'`), never from a file inside the module.
 */

export { effectiveInstant, recordChange } from './point-changes';
export { pointsInForce, skuPoints } from './scheme-points.repository';
