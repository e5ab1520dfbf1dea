import {
  BULK_VOUCHERS_PAGE,
  GIFT_VOUCHERS_PAGE,
  USED_VOUCHERS_PAGE,
  usedVoucherRow,
  voucherBulkBody,
  voucherBulkResult,
  voucherCreateBody,
  voucherRevealed,
  voucherRow,
  voucherSummaryRow,
} from '@app/contract/gift-vouchers';
import { idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { listRoutes } from '../../lib/lists/routes';
import { action, page } from '../../plugins/access';
import * as service from './gift-vouchers.service';

const stock = page(GIFT_VOUCHERS_PAGE);
const tags = ['gift vouchers'];
const params = idParams;

/** Gift Vouchers (stock, summary, add one, reveal a PIN), Used Coupon, and bulk void/expire. */
export const giftVouchersRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/gift-vouchers',
    access: stock,
    list: service.voucherList,
    row: voucherRow,
    fileName: 'gift-vouchers',
    tags,
    summary: 'Voucher stock, newest first; PINs masked',
  });

  // Update Bulk Coupon chooses what to void or expire from the same list, under its own page.
  listRoutes(app, {
    path: '/admin/gift-vouchers/bulk',
    access: page(BULK_VOUCHERS_PAGE),
    list: service.voucherList,
    row: voucherRow,
    fileName: 'gift-vouchers',
    tags,
    summary: 'Voucher stock for bulk void or expire; PINs masked',
  });

  listRoutes(app, {
    path: '/admin/used-vouchers',
    access: page(USED_VOUCHERS_PAGE),
    list: service.usedVoucherList,
    row: usedVoucherRow,
    fileName: 'used-vouchers',
    tags,
    summary: 'Issued vouchers with their redemption',
  });

  app.get(
    '/admin/gift-vouchers/summary',
    {
      config: { access: stock },
      schema: {
        tags,
        summary: 'Stock by brand and denomination, by status',
        response: { 200: z.array(voucherSummaryRow) },
      },
    },
    async () => service.stockSummary(app),
  );

  app.get(
    '/admin/gift-vouchers/brands',
    {
      // The brand filter of the three voucher pages: brand names are not sensitive.
      config: { access: 'staff' },
      schema: { tags, summary: 'Brands in stock, for filters', response: { 200: z.array(z.string()) } },
    },
    async () => service.brands(app),
  );

  app.get(
    '/admin/gift-vouchers/:id',
    {
      config: { access: stock },
      schema: { tags, summary: 'One voucher, PIN masked', params, response: { 200: voucherRow } },
    },
    async (request) => service.getVoucher(app, request.params.id),
  );

  app.post(
    '/admin/gift-vouchers',
    {
      config: { access: action('gift-vouchers.add') },
      schema: {
        tags,
        summary: 'Add one voucher to stock',
        body: voucherCreateBody,
        response: { 200: voucherRow },
      },
    },
    async (request) => service.addVoucher(app, actorOf(request), request.body),
  );

  app.post(
    '/admin/gift-vouchers/:id/reveal',
    {
      config: { access: action('gift-vouchers.reveal') },
      schema: { tags, summary: 'Show the full PIN (audited)', params, response: { 200: voucherRevealed } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.revealPin(app, actorOf(request), request.params.id);
    },
  );

  app.post(
    '/admin/gift-vouchers/bulk-status',
    {
      config: { access: action('gift-vouchers.retire') },
      schema: {
        tags,
        summary: 'Void or expire available vouchers: chosen ids, or every one a list filter selects',
        body: voucherBulkBody,
        response: { 200: voucherBulkResult },
      },
    },
    async (request) => service.retireVouchers(app, actorOf(request), request.body),
  );
};
