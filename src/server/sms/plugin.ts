import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OtpService } from '../otp/otp-service';

/** The SMS gateway a real bank replaces with its own adapter. */
export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsGateway;
    otp: OtpService;
  }
}

/** Placeholder until the SMS and OTP work lands. */
export default fp(async function smsPlugin(_app: FastifyInstance) {});
