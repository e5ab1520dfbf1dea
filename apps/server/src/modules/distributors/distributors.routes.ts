import {
  DISTRIBUTOR_ENTITY,
  distributorBody,
  distributorRow,
  distributorsEndpoints,
  distributorUpdateBody,
  INVOICE_MESSAGES,
} from '@app/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from '../../lib/records';
import { distributorList, distributorRecord } from './distributors.repository';

/** Distributors, kept on the Invoice page: the parties invoices (and so allocations) belong to. */
export const distributorsRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    endpoints: distributorsEndpoints,
    entity: DISTRIBUTOR_ENTITY,
    label: 'Distributor',
    ...distributorRecord,
    list: distributorList,
    row: distributorRow,
    create: distributorBody,
    update: distributorUpdateBody,
    fileName: 'distributors',
    unique: { distributors_code_unique: { field: 'code', message: INVOICE_MESSAGES.codeTaken } },
  });
};
