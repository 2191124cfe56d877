import type { FastifyInstance } from 'fastify';
import historyRoutes from './history-routes';
import overviewRoutes from './overview-routes';
import { productRoutes } from './products-routes';
import statementRoutes from './statement-routes';

export interface MyAccountRoutesOptions {
  /** The clock (epoch ms); tests move it to cross statement dates. */
  now?: () => number;
}

/**
 * My account: every product the customer holds, the histories of each (CASA and REKPON through the
 * account history, credit card cycles, mutual funds and bonds), their downloads, and statements.
 */
export default async function myAccountRoutes(
  app: FastifyInstance,
  opts: MyAccountRoutesOptions = {},
): Promise<void> {
  const now = opts.now ?? Date.now;
  await productRoutes(app);
  await app.register(overviewRoutes);
  await app.register(historyRoutes, { now });
  await app.register(statementRoutes, { now });
}
