import type { FastifyInstance } from 'fastify';
import { registerKeyRotationTasks } from './lib/key-rotation';
import { MODULES } from './modules';

/**
 * Every background task kind and its handler: the platform's own (key rotation) and a fold over
 * the module list (modules/index.ts), where a module declares its `tasks`.
 */
export function registerTaskHandlers(app: FastifyInstance): void {
  registerKeyRotationTasks(app);
  for (const module of MODULES) {
    for (const register of module.tasks ?? []) register(app);
  }
}
