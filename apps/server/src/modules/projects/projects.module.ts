import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { projectsAppRoutes } from './projects.app-routes';
import { projectList } from './projects.repository';
import { projectsRoutes } from './projects.routes';

export const projectsModule: ModuleContribution = {
  name: 'projects',
  routes: [projectsAppRoutes, projectsRoutes],
  reportSources: { projects: reportOf(projectList, 'createdAt') },
};
