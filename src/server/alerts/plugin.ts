import type { FastifyInstance } from 'fastify';
import { dispatchAlerts } from './dispatch';

/** How often the alerts of new transactions and logins are sent by default. */
export const ALERT_INTERVAL_MS = 5_000;

/**
 * Sends the customers' alerts (dispatch.ts) every few seconds; one run at a time per server, unref'd so
 * it never keeps the process alive. `alertIntervalMs: 0` turns it off (tests call dispatchAlerts).
 */
export default async function alertsPlugin(
  app: FastifyInstance,
  opts: { alertIntervalMs?: number },
): Promise<void> {
  const fromEnv = process.env.ALERT_INTERVAL_MS;
  const every = opts.alertIntervalMs ?? (fromEnv ? Number(fromEnv) : ALERT_INTERVAL_MS);
  if (every <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    dispatchAlerts(app.db, app.sms)
      .then((n) => {
        if (n > 0) app.log.info({ sent: n }, 'alerts sent');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'alert run failed'))
      .finally(() => (running = false));
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
