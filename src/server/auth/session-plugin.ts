import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_BROWSER_ID } from '../../shared/constants';
import { invalidToken } from './texts';
import { touchSession, type LiveSession } from './sessions';

export interface SessionInfo {
  id: number;
  customerId: number;
  channel: 'web' | 'mobile';
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for the web's authenticated routes: a web session sets request.session; anything
     * else (a companion-app session included) answers 401 INVALID_TOKEN.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The same for the companion app's routes: only a companion-app ('mobile') session is accepted. */
    requireMobileSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /**
     * true on polling/background routes: the session is checked but its idle expiry is not slid,
     * so a page left open does not keep itself alive.
     */
    sessionNoSlide?: boolean;
  }
}

/** The token and expiry the onSend hook writes back as `access_token` and `expires`. */
interface IssuedCredentials {
  token: string;
  expires: number;
  absoluteExpires: number;
}
const issued = new WeakMap<FastifyRequest, IssuedCredentials>();

/** Makes the response carry the session headers (login success, every authenticated call). */
export function issueCredentials(request: FastifyRequest, credentials: IssuedCredentials): void {
  issued.set(request, credentials);
}

/** Logout: the response must not hand the ended token back. */
export function withdrawCredentials(request: FastifyRequest): void {
  issued.delete(request);
}

export function issuedCredentials(request: FastifyRequest): IssuedCredentials | undefined {
  return issued.get(request);
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

/** The bearer token of an authenticated call, or the 401 INVALID_TOKEN error. */
export function bearerTokenOf(request: FastifyRequest): string {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw invalidToken();
  return match[1]!;
}

/** A live session found for the request's token: the request is that session's, and answers its headers. */
export function acceptSession(request: FastifyRequest, token: string, live: LiveSession): void {
  request.session = { id: live.id, customerId: live.customerId, channel: live.channel };
  issueCredentials(request, { token, expires: live.expires, absoluteExpires: live.absoluteExpires });
}

/** The x-browser-id header; the spec's default '1234' when absent. */
export function browserIdOf(request: FastifyRequest): string {
  const raw = request.headers['x-browser-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.length <= 100 ? value : DEFAULT_BROWSER_ID;
}

/**
 * Sessions per spec sections 4 and 7: bearer token plus browser id; every authenticated response
 * carries `access_token` (a new token once the one sent is SESSION.rotateAfterMs old, else the one
 * sent) and `expires` (epoch ms of the slid idle expiry).
 */
export default fp(async function sessionPlugin(app: FastifyInstance) {
  app.decorateRequest('session', null);

  const requireChannel = (channel: 'web' | 'mobile') => async (request: FastifyRequest) => {
    const token = bearerTokenOf(request);
    const slide = request.routeOptions.config?.sessionNoSlide !== true;
    // Rotation on POST only: every API call is a POST whose answer carries access_token; the event
    // streams (GET) write their own headers, so a token replaced there would never reach the client.
    const rotate = request.method === 'POST';
    const live = await touchSession(app.db, token, browserIdOf(request), slide, channel, rotate);
    if (!live) throw invalidToken();
    acceptSession(request, live.token, live);
  };
  app.decorate('requireSession', requireChannel('web'));
  app.decorate('requireMobileSession', requireChannel('mobile'));

  app.addHook('onSend', (request, reply, payload, done) => {
    const credentials = issued.get(request);
    if (credentials) {
      reply.header('access_token', credentials.token);
      reply.header('expires', String(credentials.expires));
    }
    done(null, payload);
  });
});
