/**
 * The public face of the fraud-rules module: what other modules may use. Other
 * modules import from here (`'../fraud-rules'`), never a file inside it. The scan applies its rule
 * inside `scan_coupon` (db/custom/points_and_scans.sql `fraud_rules_in_force`).
 */
export { checkKycDuplicates, kycDuplicates, kycHashes } from './fraud-rules.service';
