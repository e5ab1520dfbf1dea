import { actionOf } from '@app/contract/endpoint';
import { PROJECTS_PAGE, type ProjectRow, projectsEndpoints } from '@app/contract/projects';
import { Typography } from '@mui/material';
import { Route, Routes } from 'react-router-dom';
import { useProfile } from '../../app/profile-context';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { BonusSetting } from './BonusSetting';
import { BulkProjectDecision, ProjectDecision } from './ProjectDecision';
import { ProjectShow } from './ProjectShow';
import { projectColumns, projectCompact, projectFilters } from './project-columns';
import { PROJECTS_RESOURCE, projectPaths } from './project-paths';

/** Project Registration: the projects members registered, the bonus setting, and one project's view. */
export default function ProjectRegistrationPage() {
  return (
    <Routes>
      <Route index element={<ProjectList />} />
      <Route path=":id" element={<ProjectShow />} />
    </Routes>
  );
}

function ProjectList() {
  const { can } = useProfile();
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle(PROJECTS_PAGE)}
      </Typography>
      <BonusSetting />
      <ListPage<ProjectRow>
        title={false}
        resource={PROJECTS_RESOURCE}
        exportName="projects"
        filters={projectFilters}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No projects registered yet. Members register them from the app."
        rowClick={(id) => projectPaths.show(id)}
        bulkActions={
          <>
            <BulkProjectDecision verb="approve" />
            <BulkProjectDecision verb="reject" />
          </>
        }
        // Only a submitted project has actions: decided rows show no (empty) ⋮ menu on a narrow screen.
        rowActions={(r) =>
          r.state === 'submitted' && can(actionOf(projectsEndpoints.approve)) ? (
            <ProjectDecision row={r} />
          ) : null
        }
        columns={projectColumns}
        compact={projectCompact}
      />
    </>
  );
}
