/**
 * The public face of the invoices module: what other modules may use. Other modules import from
 * here (`'../invoices'`), never from a file inside the module.
 */

export { pushInvoices } from './invoice-push.service';
export { getInvoice, invoiceList } from './invoices.service';
