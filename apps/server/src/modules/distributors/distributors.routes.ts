import {
  distributorBody,
  distributorRow,
  distributorsEndpoints,
  distributorUpdateBody,
} from '@app/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordRoutes } from '../../lib/records';
import { distributorRecordOptions } from './distributors.record';

/** Distributors, kept on the Invoice page: the parties invoices (and so allocations) belong to. */
export const distributorsRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    endpoints: distributorsEndpoints,
    ...distributorRecordOptions,
    row: distributorRow,
    create: distributorBody,
    update: distributorUpdateBody,
    fileName: 'distributors',
  });
};
