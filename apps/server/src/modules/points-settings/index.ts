/**
 * The public face of the points-settings module: what other modules may use. Other modules import from
 * here (`'../points-settings'`), never from a file inside the module.
 */

export { creditJoining, referralTrigger } from './points-credits';
export { paisePerPoint } from './points-settings.repository';
