import type { FastifyPluginAsync } from 'fastify';
import { MODULES } from './modules';

/** Every module's routes, mounted under /api: a fold over the module list (modules/index.ts). */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  for (const module of MODULES) {
    for (const routes of module.routes ?? []) await app.register(routes);
  }
};
