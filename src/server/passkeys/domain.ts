import type { DomainPlugin } from '../transactions/contracts';
import passkeyLoginRoutes from './login-routes';
import passkeySettingsRoutes from './settings-routes';

/**
 * Passkeys (WebAuthn): enrolled and managed in Settings, a way to sign in, and a transaction's
 * verification beside the OTP and the app approval (the core asks verify-inquiry.ts for it).
 */
export const passkeysDomain: DomainPlugin = {
  name: 'passkeys',
  register: async (app) => {
    await app.register(passkeyLoginRoutes);
    await app.register(passkeySettingsRoutes);
  },
};
