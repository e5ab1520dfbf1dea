import type { ModuleContribution } from '../../lib/module-contribution';
import { REPORTS_MODULE_SOURCES } from './report-sources';
import { reportsRoutes } from './reports.routes';
import { registerReportTasks } from './reports.tasks';

export const reportsModule: ModuleContribution = {
  name: 'reports',
  routes: [reportsRoutes],
  tasks: [registerReportTasks],
  reportSources: { ...REPORTS_MODULE_SOURCES },
};
