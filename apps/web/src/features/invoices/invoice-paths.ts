import { resourceOf } from '@app/contract/endpoint';
import { distributorsEndpoints, invoicesEndpoints, invoiceUploadsEndpoints } from '@app/contract/invoices';
import type { Identifier } from 'react-admin';

export const INVOICE_PAGE = '/dashboard/invoice';
export const invoicePaths = {
  list: INVOICE_PAGE,
  create: `${INVOICE_PAGE}/create`,
  upload: `${INVOICE_PAGE}/upload`,
  distributors: `${INVOICE_PAGE}/distributors`,
  distributorCreate: `${INVOICE_PAGE}/distributors/create`,
  distributorEdit: (id: Identifier) => `${INVOICE_PAGE}/distributors/${id}`,
};
export const INVOICES_RESOURCE = resourceOf(invoicesEndpoints.list);
export const DISTRIBUTORS_RESOURCE = resourceOf(distributorsEndpoints.list);
export const UPLOADS_RESOURCE = resourceOf(invoiceUploadsEndpoints.list);
