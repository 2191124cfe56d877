import type { FastifyInstance } from 'fastify';
import type { FlowCatalog } from '../transactions/catalog';
import { runDueInstructions } from '../schedules/scheduler';
import { ledgerRunner } from '../schedules/runner';
import { mailboxNotifier, type CustomerNotifier } from '../schedules/notifier';

/** Scheduled transfers due are looked for this often by default. */
export const SCHEDULER_INTERVAL_MS = 30_000;

/**
 * Runs the scheduled transfers due every `schedulerIntervalMs` (0: never), one run at a time, on every
 * app server (they share the work); stops when the app closes.
 */
export function startScheduler(
  app: FastifyInstance,
  catalog: FlowCatalog,
  opts: { schedulerIntervalMs?: number; notify?: CustomerNotifier },
): void {
  const every = opts.schedulerIntervalMs ?? SCHEDULER_INTERVAL_MS;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runDueInstructions(app.db, {
        runner: ledgerRunner(app.db, catalog, app.registry),
        notify: opts.notify ?? mailboxNotifier,
        onError: (err, instructionId) =>
          app.log.warn({ err, instructionId }, 'scheduled transfer failed to run'),
      })
        .then((n) => {
          if (n.success + n.failed + n.pending > 0) app.log.info(n, 'scheduled transfers run');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'scheduler run failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
