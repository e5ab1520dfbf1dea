import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The one masking rule for identity numbers (PRODUCT.md): only the last four characters are kept,
 * behind a run of X; the full value never leaves the database on a listing, export or report path.
 * Written once, in SQL, so a list, its export and a report read the same column.
 */
const HIDDEN = { pan: 6, account: 8 } as const;

/** `XXXXXX1234` from a stored last four (null stays null). */
const maskedTail = (last4: SQLWrapper, hidden: number): SQL<string> =>
  sql<string>`${sql.raw(`'${'X'.repeat(hidden)}'`)} || ${last4}`;

/** PAN as shown everywhere: `XXXXXX234F`. */
export const maskedPan = (panLast4: SQLWrapper) => maskedTail(panLast4, HIDDEN.pan);

/** A bank account number: `XXXXXXXX9012`. */
export const maskedAccount = (accountLast4: SQLWrapper) => maskedTail(accountLast4, HIDDEN.account);

/** Aadhaar as PRODUCT.md shows it: `XXXX XXXX 1234`. */
export const maskedAadhaar = (aadhaarLast4: SQLWrapper): SQL<string> =>
  sql<string>`'XXXX XXXX ' || ${aadhaarLast4}`;
