import { reportOf } from '../../lib/lists/report';
import type { ModuleContribution } from '../../lib/module-contribution';
import { contentCards } from './content.dashboard';
import { contentRoutes } from './content.routes';
import { attendeeList } from './events.repository';

export const contentModule: ModuleContribution = {
  name: 'content',
  routes: [contentRoutes],
  dashboardCards: [contentCards],
  reportSources: {
    event_attendees: reportOf(attendeeList, 'registeredAt'),
  },
};
