/**
 * The public face of the ledger module: what other modules may use. Other modules import from
 * here (`'../ledger'`), never from a file inside the module.
 */
export { ledgerList, listOwnLedger, MOVEMENT, ofMember } from './ledger.repository';
