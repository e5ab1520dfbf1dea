import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';

/** Every API module, mounted under /api. A new domain adds one line here. */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(auditRoutes);
  await app.register(filesRoutes);
};
