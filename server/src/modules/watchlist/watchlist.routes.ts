import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recentlyViewedSchema,
  watchAnswerSchema,
  watchIdsSchema,
  watchlistSchema,
} from '../../../../domain/dealer-tools.js';
import { listingIdParams } from '../../../../domain/offers.schemas.js';
import type { AppContext } from '../../lib/context.js';
import { recentlyViewed, recordView } from './recent-views.service.js';
import { myWatchlist, unwatch, watch, watchedListingIds } from './watchlist.service.js';

/** docs/product/dealer-tools.md#watchlist and #recently-viewed. */
export async function watchlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/watchlist',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'watchlist.list',
        summary: 'My watched tractors with their current state',
        errors: [],
        response: { 200: watchlistSchema },
      },
    },
    async (req) => myWatchlist(ctx, req.actor()),
  );

  api.get(
    '/watchlist/ids',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'watchlist.ids',
        summary: 'The ids of my watched tractors (to fill the hearts)',
        errors: [],
        response: { 200: watchIdsSchema },
      },
    },
    async (req) => watchedListingIds(ctx, req.actor()),
  );

  api.put(
    '/watchlist/:listingId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'watchlist.add',
        summary: 'Watch a live tractor',
        errors: ['NOT_FOUND'],
        params: listingIdParams,
        response: { 200: watchAnswerSchema },
      },
    },
    async (req) => watch(ctx, req.actor(), req.params.listingId),
  );

  api.delete(
    '/watchlist/:listingId',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'watchlist.remove',
        summary: 'Stop watching a tractor',
        errors: [],
        params: listingIdParams,
        response: { 200: watchAnswerSchema },
      },
    },
    async (req) => unwatch(ctx, req.actor(), req.params.listingId),
  );

  api.get(
    '/recently-viewed',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'recent.list',
        summary: 'The last 20 live tractors I opened, newest first',
        errors: [],
        response: { 200: recentlyViewedSchema },
      },
    },
    async (req) => recentlyViewed(ctx, req.actor()),
  );

  api.post(
    '/recently-viewed',
    {
      config: { access: 'dealer' },
      schema: {
        operationId: 'recent.record',
        summary: 'Record that I opened a tractor',
        errors: ['NOT_FOUND'],
        body: listingIdParams,
        response: { 200: z.object({ listingId: z.string() }) },
      },
    },
    async (req) => recordView(ctx, req.actor(), req.body.listingId),
  );
}
