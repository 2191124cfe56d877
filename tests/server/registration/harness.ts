import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import errorHandler from '../../../src/server/http/error-handler';
import securityHeaders from '../../../src/server/http/security-headers';
import smsPlugin from '../../../src/server/sms/plugin';
import registrationRoutes from '../../../src/server/registration/routes';

/**
 * The registration routes with the layers they use (error payload, headers, SMS/OTP), as buildApp
 * mounts them, without the other domains' routes: these tests stay about registration.
 */
export async function registrationApp(db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false } },
    trustProxy: true,
  });
  app.decorate('db', db);
  app.decorate('demo', true);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(smsPlugin);
  await app.register(registrationRoutes);
  return app;
}
