/**
 * The public face of the audit module: what other modules may use. Other modules import from
 * here (`'../audit'`), never from a file inside the module.
 */
export { historyOf } from './audit.history';
