import { resourceOf } from '@app/contract/endpoint';
import { FEEDBACK_PAGE, type FeedbackRow, feedbackEndpoints } from '@app/contract/feedback';
import { Typography } from '@mui/material';
import { Route, Routes } from 'react-router-dom';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { FeedbackShow } from './FeedbackShow';
import { feedbackColumns, feedbackCompact, feedbackFilters } from './feedback-columns';
import { feedbackPaths } from './feedback-paths';

/** Feedbacks Data: member feedback, newest first; one feedback opens with its conversation. */
export default function FeedbackPage() {
  return (
    <Routes>
      <Route index element={<FeedbackList />} />
      <Route path=":id" element={<FeedbackShow />} />
    </Routes>
  );
}

function FeedbackList() {
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle(FEEDBACK_PAGE)}
      </Typography>
      <ListPage<FeedbackRow>
        title={false}
        resource={resourceOf(feedbackEndpoints.list)}
        exportName="feedback"
        filters={feedbackFilters}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No feedback yet. Members send it from the app."
        rowClick={(id) => feedbackPaths.show(id)}
        columns={feedbackColumns}
        compact={feedbackCompact}
      />
    </>
  );
}
