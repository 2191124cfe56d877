import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApprovalHub } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    approvalHub: ApprovalHub;
  }
}

/** Decorates app.approvalHub, listening for other app servers' approval changes while the app is open. */
export default fp(async function approvalHubPlugin(app: FastifyInstance, opts: { rereadMs?: number }) {
  const hub = new ApprovalHub(app.db, app.log, opts.rereadMs);
  await hub.start();
  app.decorate('approvalHub', hub);
  app.addHook('onClose', () => hub.stop());
});
