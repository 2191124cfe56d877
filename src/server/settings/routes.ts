import type { FastifyInstance } from 'fastify';
import alertRoutes from './alert-routes';
import { applyAllDueRaises } from './limits';
import limitRoutes from './limit-routes';
import profileRoutes from './profile-routes';
import visibilityRoutes from './visibility-routes';

export { maskEmail, maskPhone } from './masks';

export interface SettingsRoutesOptions {
  /** The clock (epoch ms); tests move it past a cooling-off period. */
  now?: () => number;
  /** How often due limit raises are applied for every customer; 0: never (tests call applyAllDueRaises). */
  raiseSweepMs?: number;
}

/** Raises whose cooling-off ended are applied within this long, page opened or not. */
export const RAISE_SWEEP_MS = 60_000;

/**
 * Settings that need no verification: personal information (read), account visibility, the limits
 * (lowering at once; raising recorded for verification and a cooling-off), and transaction alerts.
 */
export default async function settingsRoutes(app: FastifyInstance, opts: SettingsRoutesOptions = {}) {
  const now = () => new Date((opts.now ?? Date.now)()).toISOString();
  const sweepEvery = opts.raiseSweepMs ?? RAISE_SWEEP_MS;
  if (sweepEvery > 0) {
    let sweeping = false;
    const timer = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      applyAllDueRaises(app.db, now())
        .catch((err: unknown) => app.log.warn({ err }, 'limit raise sweep failed'))
        .finally(() => (sweeping = false));
    }, sweepEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  await app.register(profileRoutes);
  await app.register(visibilityRoutes);
  await app.register(limitRoutes, { now });
  await app.register(alertRoutes);
}
