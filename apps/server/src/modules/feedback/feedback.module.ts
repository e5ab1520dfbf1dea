import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { feedbackAppRoutes } from './feedback.app-routes';
import { feedbackList } from './feedback.repository';
import { feedbackRoutes } from './feedback.routes';

export const feedbackModule: ModuleContribution = {
  name: 'feedback',
  routes: [feedbackAppRoutes, feedbackRoutes],
  reportSources: { feedback: reportOf(feedbackList, 'createdAt') },
};
