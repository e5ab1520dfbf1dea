import type { FastifyInstance } from 'fastify';
import { GENERATE_TASK, generateBatch } from '../coupon-batches';
import { PRINT_TASK, renderPrint } from '../coupon-prints';

/** Background work of the coupons domain. */
export function registerCouponTasks(app: FastifyInstance): void {
  app.jobs.register<{ batchId: number }>(GENERATE_TASK, (payload, ctx) =>
    generateBatch(app, payload.batchId, { progress: (done, total) => ctx.progress(done, total) }),
  );
  app.jobs.register<{ printId: number }>(PRINT_TASK, (payload, ctx) =>
    renderPrint(app, payload.printId, (done, total) => ctx.progress(done, total)),
  );
}
