/**
 * The public face of the reports module: what other modules may use. Other modules import from
 * here (`'../reports'`), never from a file inside the module.
 */
export { removeExpiredReports } from './reports.tasks';
