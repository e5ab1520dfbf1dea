import type { ModuleContribution } from '../../lib/module-contribution';
import { invoiceUploadsRoutes } from './invoice-uploads.routes';
import { invoicesRoutes } from './invoices.routes';

export const invoicesModule: ModuleContribution = {
  name: 'invoices',
  routes: [invoicesRoutes, invoiceUploadsRoutes],
};
