import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import {
  SESSION_LIFETIME_MS,
  type SessionsService,
} from '#server/features/sessions/sessions.service.ts';
import { HttpError, signInRequired } from '#server/http-error.ts';
import { cookieOptions, readSignedCookie } from '#server/lib/cookies.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

export const SESSION_COOKIE = 'wl_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved only from the session cookie; null for visitors. */
    user: User | null;
    /** The raw id of the current session (from the cookie), null when not signed in. */
    sessionId: string | null;
  }
  interface FastifyReply {
    /** Signs the user in on a brand-new session id; the request's old session, if any, ends. */
    startSession: (userId: number) => Promise<void>;
    /** Ends the request's session and clears the cookie. */
    endSession: () => Promise<void>;
  }
}

type AuthPluginOptions = {
  config: Config;
  sessions: SessionsService;
  loadUser: (id: number) => Promise<User | null>;
};

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { config, sessions, loadUser }) => {
    const options = cookieOptions(config.publicOrigin.startsWith('https:'));
    // The browser keeps the cookie as long as the server keeps the session (both slide together).
    const setCookie = (reply: FastifyReply, id: string) =>
      reply.setCookie(SESSION_COOKIE, id, { ...options, maxAge: SESSION_LIFETIME_MS / 1000 });
    const clearCookie = (reply: FastifyReply) =>
      reply.clearCookie(SESSION_COOKIE, { ...options, signed: false });

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.decorateReply('startSession', async function (this: FastifyReply, userId: number) {
      // Rotation: whatever id the browser had before never becomes a signed-in one.
      if (this.request.sessionId) await sessions.end(this.request.sessionId);
      const { id } = await sessions.start(userId);
      this.request.sessionId = id;
      setCookie(this, id);
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      if (this.request.sessionId) await sessions.end(this.request.sessionId);
      this.request.sessionId = null;
      this.request.user = null;
      clearCookie(this);
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.cookies[SESSION_COOKIE]) return;
      const id = readSignedCookie(request, SESSION_COOKIE);
      const session = id ? await sessions.resolve(id) : null;
      const user = session ? await loadUser(session.userId) : null;
      if (!id || !session || !user) {
        clearCookie(reply);
        return;
      }
      request.sessionId = id;
      request.user = user;
      if (session.extended) setCookie(reply, id);
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/*
 * Guards run as preValidation hooks: after the rate limiter (a route-level onRequest hook, which
 * would otherwise run after a plugin's onRequest guard and never count refused visitors) and
 * before the body is validated, so a visitor gets 401 rather than a list of field errors.
 */

/** For route plugins whose every route needs a signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw signInRequired();
}

/** For administrator-only route plugins. `admin=true` in a URL grants nothing. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw signInRequired();
  if (!request.user.isAdmin) {
    throw new HttpError(403, 'ADMIN_REQUIRED', 'You must be an administrator to access this page');
  }
}
