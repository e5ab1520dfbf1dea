import { resourceOf } from '@app/contract/endpoint';
import { PROJECTS_PAGE, projectsEndpoints } from '@app/contract/projects';
import type { Identifier } from 'react-admin';

/** Project Registration and the project view beneath it (the shell hands the page every path below it). */
export const projectPaths = {
  list: PROJECTS_PAGE,
  show: (id: Identifier) => `${PROJECTS_PAGE}/${id}`,
};
/** react-admin resource = API path under /api. */
export const PROJECTS_RESOURCE = resourceOf(projectsEndpoints.list);
