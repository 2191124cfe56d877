import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';

export interface SessionInfo {
  id: number;
  customerId: number;
  channel: 'web' | 'mobile';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for authenticated routes: sets request.session or answers 401 INVALID_TOKEN. */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

/** Placeholder until the sessions work lands: every authenticated call is refused. */
export default fp(async function sessionPlugin(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorate('requireSession', async () => {
    throw new ApiError(401, 'CLICKS', 'INVALID_TOKEN', {
      titleEng: 'Session Time-out',
      titleIdn: 'Sesi Berakhir',
      messageEng: 'Please login again to continue your transaction',
      messageIdn: 'Silakan login kembali untuk melanjutkan transaksi Anda',
    });
  });
});
