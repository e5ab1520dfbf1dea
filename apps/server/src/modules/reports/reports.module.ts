import type { ModuleContribution } from '../../lib/module-contribution';
import { reportsRoutes } from './reports.routes';
import { registerReportTasks } from './reports.tasks';

export const reportsModule: ModuleContribution = {
  name: 'reports',
  routes: [reportsRoutes],
  tasks: [registerReportTasks],
};
