import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteBody,
  inviteBody,
  inviteIdParams,
  inviteResponse,
  joinInviteBody,
  memberIdParams,
  memberResponse,
  memberUpdateBody,
  okResponse,
  teamResponse,
} from '../../../../domain/dealerships.js';
import type { AppContext } from '../../lib/context.js';
import { setSessionCookie } from '../../lib/session-cookie.js';
import { joinWithAccount } from './dealerships.invites-join.js';
import { invite as sendInvite } from './dealerships.invites-send.js';
import './dealerships.mail.js';
import * as service from './dealerships.service.js';

/** docs/product/dealer-tools.md#dealership-teams */
export async function dealershipsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/team',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'team.get',
        summary: 'My dealership: members, roles, limits and (for the owner) open invitations',
        errors: ['NOT_FOUND'],
        response: { 200: teamResponse },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return service.getTeam(ctx, req.actor());
    },
  );

  api.post(
    '/team/invites',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'team.invite',
        summary: 'Invite a buyer or viewer by e-mail (owner only; the same answer for any address)',
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
        body: inviteBody,
        response: { 201: inviteResponse },
      },
    },
    async (req, reply) => {
      const invite = await sendInvite(ctx, req.actor(), req.body, req.info());
      reply.code(201);
      return { invite };
    },
  );

  api.delete(
    '/team/invites/:inviteId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'team.revokeInvite',
        summary: 'Withdraw an unanswered invitation (owner only)',
        errors: ['VALIDATION', 'NOT_FOUND'],
        params: inviteIdParams,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await service.revokeInvite(ctx, req.actor(), req.params.inviteId, req.info());
      return { ok: true as const };
    },
  );

  api.patch(
    '/team/members/:userId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'team.updateMember',
        summary: "Set a member's role and per-offer limit (owner only)",
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT'],
        params: memberIdParams,
        body: memberUpdateBody,
        response: { 200: memberResponse },
      },
    },
    async (req) => ({
      member: await service.updateMember(ctx, req.actor(), req.params.userId, req.body, req.info()),
    }),
  );

  api.delete(
    '/team/members/:userId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'team.removeMember',
        summary: 'Remove a member: their account closes and their sessions end at once (owner only)',
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT'],
        params: memberIdParams,
        response: { 200: okResponse },
      },
    },
    async (req) => {
      await service.removeMember(ctx, req.actor(), req.params.userId, req.info());
      return { ok: true as const };
    },
  );

  api.post(
    '/team/invites/join',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'team.joinInvite',
        summary: 'Accept an invitation with the account signed in (the invited address): join the dealership',
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT'],
        body: joinInviteBody,
        response: { 200: teamResponse },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      return joinWithAccount(ctx, req.actor(), req.body, req.info());
    },
  );

  api.post(
    '/team/invites/accept',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'team.acceptInvite',
        summary: 'Accept an invitation: set name and password; join the dealership, signed in',
        errors: ['VALIDATION', 'NOT_FOUND', 'CONFLICT'],
        body: acceptInviteBody,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      const { email, token } = await service.acceptInvite(ctx, req.body, req.info());
      setSessionCookie(ctx, reply, token);
      return { email };
    },
  );
}
