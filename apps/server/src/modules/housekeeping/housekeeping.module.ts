import type { ModuleContribution } from '../../lib/module-contribution';
import { registerHousekeepingTasks } from './cleanup';

export const housekeepingModule: ModuleContribution = {
  name: 'housekeeping',
  tasks: [registerHousekeepingTasks],
};
