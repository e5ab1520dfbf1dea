import type { FastifyInstance } from 'fastify';
import { runTierEvaluation } from './tier-evaluation';

/** Nightly at 02:00 IST, after the points expiry (pg-boss cron; a second instance changes nothing). */
export const TIER_EVALUATION_CRON = '0 2 * * *';

export function registerTierTasks(app: FastifyInstance): void {
  app.jobs.schedule('tiers.evaluate', TIER_EVALUATION_CRON, async () => {
    const result = await runTierEvaluation(app.database);
    app.log.info(result, 'tier evaluation ran');
    return result;
  });
}
