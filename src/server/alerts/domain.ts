import type { DomainPlugin } from '../transactions/contracts';
import alertsPlugin from './plugin';

/** The customers' chosen alerts, sent every `alertIntervalMs`. */
export const alertsDomain: DomainPlugin = {
  name: 'alerts',
  register: async (app, opts) => {
    await app.register(alertsPlugin, { alertIntervalMs: opts.alertIntervalMs });
  },
};
