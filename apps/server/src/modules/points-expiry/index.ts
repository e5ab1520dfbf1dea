/**
 * The public face of the points-expiry module: what other modules may use. Other modules import
 * from here (`'../points-expiry'`), never from a file inside the module.
 */
export { memberExpiring } from './points-expiry.repository';
