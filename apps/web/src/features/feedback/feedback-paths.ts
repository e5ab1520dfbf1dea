import { FEEDBACK_PAGE } from '@app/contract/feedback';
import type { Identifier } from 'react-admin';

/** Feedbacks Data and the feedback view beneath it. */
export const feedbackPaths = {
  list: FEEDBACK_PAGE,
  show: (id: Identifier) => `${FEEDBACK_PAGE}/${id}`,
};
