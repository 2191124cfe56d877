import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OtpService } from '../otp/otp-service';
import { createOtpService, otpSecret } from '../otp/otp-store';
import { outboxGateway, type SmsGateway } from './gateway';

export type { SmsGateway } from './gateway';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsGateway;
    otp: OtpService;
  }
}

/** Decorates app.sms (the built-in outbox gateway) and app.otp (the one OTP service). */
export default fp(async function smsPlugin(app: FastifyInstance) {
  const sms = outboxGateway(app.db);
  app.decorate('sms', sms);
  app.decorate('otp', createOtpService({ sms, secret: await otpSecret(app.db) }));
});
