import type { ModuleContribution } from '../../lib/module-contribution';
import { messagesAdminRoutes } from './messages.admin-routes';
import { messagesAppRoutes } from './messages.app-routes';
import { messagesRoutes } from './messages.routes';
import { registerMessagingTasks } from './messages.tasks';
import { whatsappRoutes } from './whatsapp.routes';

export const messagesModule: ModuleContribution = {
  name: 'messages',
  routes: [messagesRoutes, messagesAppRoutes, whatsappRoutes, messagesAdminRoutes],
  tasks: [registerMessagingTasks],
};
