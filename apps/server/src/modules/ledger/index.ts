/**
 * The public face of the ledger module: what other modules may use. Other modules import from
 * here (`'../ledger'`), never from a file inside the module.
 */

export { ledgerViolations, NO_VIOLATIONS } from './ledger.invariants';
export { ledgerList, listOwnLedger, MOVEMENT, ofMember } from './ledger.repository';
export { insufficientBalance, postEntry } from './ledger.service';
