import {
  couponSummary,
  INVOICE_WISE_PAGE,
  invoiceCoupon,
  STOCK_PAGE,
  SUMMARY_PAGE,
  skuStock,
  stockRow,
  summaryQuery,
} from '@app/contract/coupon-stock';
import { idParams } from '@app/contract/input';
import { invoiceDetail, invoiceRow } from '@app/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { page, staffOf } from '../../plugins/access';
import * as invoices from '../invoices/invoices.service';
import * as service from './coupon-stock.service';

const params = idParams;
const tags = ['coupons'];

/** Coupon Stock Details, Coupons Dashboard Summary and Invoice Wise Coupon Details. */
export const couponStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const stock = { config: { access: page(STOCK_PAGE) } };
  listRoutes(app, {
    path: '/admin/coupon-stock',
    access: stock.config.access,
    list: service.stockList,
    row: stockRow,
    fileName: 'coupon-stock',
    tags,
    summary: 'Stock per batch',
  });

  app.get(
    '/admin/coupon-stock/skus',
    { ...stock, schema: { tags, summary: 'Stock per SKU', response: { 200: z.array(skuStock) } } },
    async () => service.stockBySku(app),
  );

  app.get(
    '/admin/coupon-summary',
    {
      config: { access: page(SUMMARY_PAGE) },
      schema: {
        tags,
        summary: 'Coupons dashboard summary',
        querystring: summaryQuery,
        response: { 200: couponSummary },
      },
    },
    async (request) => service.couponSummary(app, request.query),
  );

  const invoiceWise = { config: { access: page(INVOICE_WISE_PAGE) } };
  listRoutes(app, {
    path: '/admin/invoice-wise-coupons',
    access: invoiceWise.config.access,
    list: invoices.invoiceList,
    row: invoiceRow,
    fileName: 'invoice-wise',
    tags,
    summary: 'Invoices to pick from',
  });

  app.get(
    '/admin/invoice-wise-coupons/:id',
    {
      ...invoiceWise,
      schema: { tags, summary: 'An invoice with its lines', params, response: { 200: invoiceDetail } },
    },
    async (request) => invoices.getInvoice(app.database.db, request.params.id),
  );
  listRoutes(app, {
    path: '/admin/invoice-wise-coupons/:id/coupons',
    access: invoiceWise.config.access,
    list: (request) => service.invoiceCouponListFor(staffOf(request).permissions),
    row: invoiceCoupon,
    fileName: 'invoice-coupons',
    tags,
    summary: 'Each coupon of an invoice: state, scanned by, when, points',
    params,
    check: (request) => invoices.getInvoice(app.database.db, pathId(request)),
    scope: (request) => service.ofInvoice(app.database.db, pathId(request)),
  });
};
