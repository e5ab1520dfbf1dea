/**
 * The public face of the privacy module: what other modules may use (registration records the
 * consent given on the notice in its own transaction).
 */
export { recordConsent } from './consent.service';
