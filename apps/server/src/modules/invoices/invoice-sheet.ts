import { INVOICE_UPLOAD_COLUMNS, type InvoiceUploadColumn } from '@app/contract/invoices';
import { readSheet, type SheetRow, templateWorkbook } from '../../lib/sheets';

/** One data row of an invoice upload. */
export type InvoiceSheetRow = SheetRow<InvoiceUploadColumn>;

/** Reads the first sheet; the header row must name the template's columns (any order). */
export const readInvoiceSheet = (content: Buffer) => readSheet(content, INVOICE_UPLOAD_COLUMNS);

/** The upload template: the header row, widths, and an instructions sheet. */
export const invoiceTemplate = () =>
  templateWorkbook({
    sheet: 'Invoices',
    columns: INVOICE_UPLOAD_COLUMNS,
    instructions: [
      'One row per invoice line. Rows with the same Distributor Code and Invoice Number form one invoice.',
      'Invoice Date: YYYY-MM-DD or DD-MM-YYYY, not in the future; the same on every row of an invoice.',
      'Distributor Code: an existing distributor, or a new one (then Distributor Name, State and City are required).',
      'GSTIN: optional, 15 characters. SKU: an active product code. Quantity: a whole number from 1.',
      'A file with errors applies nothing unless you choose "Apply valid rows"; an invoice with any bad row is skipped whole.',
    ],
  });
