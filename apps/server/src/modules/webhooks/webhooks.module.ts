import type { ModuleContribution } from '../../lib/module-contribution';
import { webhooksRoutes } from './webhooks.routes';
import { registerWebhookTasks } from './webhooks.tasks';

export const webhooksModule: ModuleContribution = {
  name: 'webhooks',
  routes: [webhooksRoutes],
  tasks: [registerWebhookTasks],
};
