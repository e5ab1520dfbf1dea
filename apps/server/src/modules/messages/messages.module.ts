import type { ModuleContribution } from '../../lib/module-contribution';
import { messagesAppRoutes } from './messages.app-routes';
import { messagesRoutes } from './messages.routes';
import { registerMessagingTasks } from './messages.tasks';

export const messagesModule: ModuleContribution = {
  name: 'messages',
  routes: [messagesRoutes, messagesAppRoutes],
  tasks: [registerMessagingTasks],
};
