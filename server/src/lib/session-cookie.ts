import type { FastifyReply } from 'fastify';
import { cookieNames } from '../../../domain/session-cookies.js';
import type { AppContext } from './context.js';
import { SESSION_ABSOLUTE_MS } from './sessions.js';

/** Hands the browser a session's token: sign-in, and joining a team with a new password (decision 0041). */
export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string) {
  reply.setCookie(cookieNames(ctx.config.production).session, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.production,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}
