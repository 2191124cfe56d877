import type { FastifyInstance } from 'fastify';
import cardActivationRoutes from './card-activation-routes';
import registrationFlowRoutes from './registration-routes';
import standinRoutes from './standins';

/** Registration (spec section 7), card activation, pre-login live chat and the stand-in pages. */
export default async function registrationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registrationFlowRoutes);
  await app.register(cardActivationRoutes);
  await app.register(standinRoutes);
}
