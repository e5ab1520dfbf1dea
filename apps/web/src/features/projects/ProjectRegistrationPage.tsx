import { PROJECTS_PAGE, type ProjectRow } from '@app/contract/projects';
import { Typography } from '@mui/material';
import { Route, Routes } from 'react-router-dom';
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
        rowActions={(r) => <ProjectDecision row={r} />}
        columns={projectColumns}
        compact={projectCompact}
      />
    </>
  );
}
