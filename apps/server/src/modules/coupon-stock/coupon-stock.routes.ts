import { couponStockEndpoints, invoiceWiseCouponsEndpoints } from '@app/contract/coupon-stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import * as invoices from '../invoices';
import * as service from './coupon-stock.service';

const stock = couponStockEndpoints;
const invoiceWise = invoiceWiseCouponsEndpoints;

/** Coupon Stock Details, Coupons Dashboard Summary and Invoice Wise Coupon Details (contract couponStockEndpoints, invoiceWiseCouponsEndpoints). */
export const couponStockRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, { endpoints: stock, list: service.stockList, fileName: 'coupon-stock' });
  route(app, stock.skus, async () => service.stockBySku(app));
  route(app, stock.summary, async (request) => service.couponSummary(app, request.query));

  listRoutes(app, { endpoints: invoiceWise, list: invoices.invoiceList, fileName: 'invoice-wise' });
  route(app, invoiceWise.one, async (request) => invoices.getInvoice(app.database.db, request.params.id));
  listRoutes(app, {
    endpoints: invoiceWise.coupons,
    list: (request) => service.invoiceCouponListFor(staffOf(request).permissions),
    fileName: 'invoice-coupons',
    check: (request) => invoices.getInvoice(app.database.db, pathId(request)),
    scope: (request) => service.ofInvoice(app.database.db, pathId(request)),
  });
};
