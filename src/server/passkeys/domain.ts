import type { DomainPlugin } from '../transactions/contracts';
import passkeyLoginRoutes from './login-routes';
import passkeySettingsRoutes from './settings-routes';
import { prunePasskeyRows } from './prune';

/**
 * Passkeys (WebAuthn): enrolled and managed in Settings, a way to sign in, and a transaction's
 * verification beside the OTP and the app approval (the core asks verify-inquiry.ts for it).
 */
export const passkeysDomain: DomainPlugin = {
  name: 'passkeys',
  register: async (app) => {
    await app.register(passkeyLoginRoutes);
    await app.register(passkeySettingsRoutes);
    // Housekeeping once an hour; unref'd so it never keeps the process alive.
    const prune = setInterval(() => {
      prunePasskeyRows(app.db).catch((err: unknown) => app.log.warn({ err }, 'passkey prune failed'));
    }, 60 * 60_000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  },
};
