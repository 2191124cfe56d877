import type { DomainPlugin } from '../transactions/contracts';
import { cancelSchedule, editSchedule, openSchedules } from './service-executors';

/** Scheduled and recurring transfers: the customer's open instructions, cancelled or edited. */
export const schedulesDomain: DomainPlugin = {
  name: 'schedules',
  serviceExecutors: { 'schedule.cancel': cancelSchedule, 'schedule.edit': editSchedule },
  choiceSources: { 'schedules.open': openSchedules },
};
