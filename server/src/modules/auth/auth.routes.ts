import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passwordResetBody,
  passwordResetConfirmBody,
  passwordResetConfirmResponse,
  sessionResponse,
  signedInResponse,
  signInBody,
  signInLinkBody,
  signInLinkConfirmBody,
  signInLinkConfirmResponse,
} from '../../../../domain/auth.js';
import { cookieNames } from '../../../../domain/session-cookies.js';
import { messageResponse } from '../../../../domain/users.js';
import type { AppContext } from '../../lib/context.js';
import { dummyHash } from '../../lib/password-hash.js';
import { setSessionCookie as setCookieFor } from '../../lib/session-cookie.js';
import {
  requestPasswordReset,
  requestSignInLink,
  resetPassword,
  signIn,
  signInWithLink,
  signOut,
} from './auth.service.js';
import { DEVICE_COOKIE_MS, deviceCookieName, newDeviceCookie, verifyDeviceCookie } from './device-cookie.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const names = cookieNames(ctx.config.production);
  // Compute the dummy hash now, so the first unknown-e-mail sign-in costs what a wrong password costs.
  await dummyHash();

  const setSessionCookie = (reply: FastifyReply, token: string) => setCookieFor(ctx, reply, token);
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(names.session, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.production,
    });

  /** The nonce of this browser's valid device cookie for `email`, if it has one. */
  const deviceOf = (req: FastifyRequest, email: string) =>
    verifyDeviceCookie(
      ctx.config.sessionSecret,
      email,
      req.cookies[deviceCookieName(ctx.config.sessionSecret, email, ctx.config.production)],
    );
  /** After a successful sign-in this browser is a trusted device of the account (a new nonce each time). */
  const setDeviceCookie = (reply: FastifyReply, email: string) =>
    reply.setCookie(
      deviceCookieName(ctx.config.sessionSecret, email, ctx.config.production),
      newDeviceCookie(ctx.config.sessionSecret, email),
      {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.production,
        maxAge: DEVICE_COOKIE_MS / 1000,
      },
    );

  /** Who is signed in (null when nobody). Also hands out the anti-forgery cookie. */
  api.get(
    '/auth/session',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'auth.session',
        summary: 'Who is signed in (null when nobody); sets the anti-forgery cookie',
        errors: [],
        response: { 200: sessionResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: req.user };
    },
  );

  api.post(
    '/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'auth.signIn',
        summary: 'Sign in with e-mail and password; sets the session cookie',
        errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'RATE_LIMITED'],
        body: signInBody,
        response: { 200: signedInResponse },
      },
    },
    async (req, reply) => {
      const { user, token } = await signIn(
        ctx,
        {
          ...req.body,
          adminOnly: req.body.admin,
          currentSessionId: req.sessionId,
          device: deviceOf(req, req.body.email),
        },
        req.info(),
      );
      setSessionCookie(reply, token);
      setDeviceCookie(reply, user.email);
      reply.header('cache-control', 'no-store');
      return { user };
    },
  );

  api.post(
    '/auth/sign-out',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'auth.signOut',
        summary: 'Sign out and end the session',
        errors: [],
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await signOut(ctx, req.sessionId, req.user, req.info());
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/auth/password-reset',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'auth.requestPasswordReset',
        summary: 'E-mail a password reset link',
        errors: ['RATE_LIMITED'],
        body: passwordResetBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => ({
      message: await requestPasswordReset(ctx, req.body.email, req.info(), deviceOf(req, req.body.email)),
    }),
  );

  api.post(
    '/auth/password-reset/confirm',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'auth.resetPassword',
        summary: 'Set a new password with the e-mailed token',
        errors: [],
        body: passwordResetConfirmBody,
        // The e-mail lets the SPA open the sign-in dialog filled in (decision 0011, polish).
        response: { 200: passwordResetConfirmResponse },
      },
    },
    async (req, reply) => {
      const email = await resetPassword(ctx, req.body, req.info());
      // The reset ended every session, this browser's included.
      clearSessionCookie(reply);
      return { email };
    },
  );

  api.post(
    '/auth/sign-in-link',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'auth.requestSignInLink',
        summary: 'E-mail a one-time sign-in link',
        errors: ['RATE_LIMITED'],
        body: signInLinkBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => ({
      message: await requestSignInLink(
        ctx,
        { email: req.body.email, listingId: req.body.listing, device: deviceOf(req, req.body.email) },
        req.info(),
      ),
    }),
  );

  /** /auth-redirect (token, email) and /email-auth (email, temp_password, redirect_to) both confirm here. */
  api.post(
    '/auth/sign-in-link/confirm',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'auth.signInWithLink',
        summary: 'Sign in with an e-mailed link; sets the session cookie',
        errors: ['FORBIDDEN'],
        body: signInLinkConfirmBody,
        response: { 200: signInLinkConfirmResponse },
      },
    },
    async (req, reply) => {
      const { user, token, redirectTo } = await signInWithLink(
        ctx,
        { ...req.body, currentSessionId: req.sessionId },
        req.info(),
      );
      setSessionCookie(reply, token);
      setDeviceCookie(reply, user.email);
      reply.header('cache-control', 'no-store');
      return { user, redirectTo };
    },
  );
}
