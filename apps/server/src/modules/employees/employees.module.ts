import type { ModuleContribution } from '../../lib/module-contribution';
import { bdesRoutes } from './bdes.routes';
import { employeesRoutes } from './employees.routes';
import { fieldCards } from './field.dashboard';
import { fieldAppRoutes } from './field-app.routes';
import { FIELD_REPORT_SOURCES } from './field-report-sources';

export const employeesModule: ModuleContribution = {
  name: 'employees',
  routes: [employeesRoutes, bdesRoutes, fieldAppRoutes],
  reportSources: { ...FIELD_REPORT_SOURCES },
  dashboardCards: [fieldCards],
};
