import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AccessoriesParams,
  HighlightsResponse,
  HomeResponse,
  ListingBody,
  ListingParams,
  ListingResponse,
  ModifyProdBody,
  ModifyProdParams,
  ModifyProdResponse,
  ProductCards,
  ProductIdsQuery,
  ProductParams,
  ProductResponse,
  SearchQuery,
  SimilarParams,
  type SortCode,
  SuggestQuery,
  SuggestResponse,
  TermsResponse,
} from '../../../contract/catalogue.ts';
import { PRODUCT_ROW_SIZE } from '../../../contract/catalogue-constants.ts';
import { bagToRead } from '../../platform/bag-owner.ts';
import { keepBodiesSmall, TINY_BODY_LIMIT } from '../../platform/body-limit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { parseFilters } from './filters.ts';
import type { ListingScope } from './service.ts';

const TERMS: TermsResponse = {
  updated: '2026-11-01',
  pages: [
    { path: '/terms', title: 'Terms of use' },
    { path: '/privacy', title: 'Privacy' },
    { path: '/payment', title: 'Payment' },
    { path: '/cancellation', title: 'Cancellation & return' },
    { path: '/shipping', title: 'Shipping' },
  ],
};

// what Fastify itself sends with a serialised object
const JSON_TYPE = 'application/json; charset=utf-8';

export const catalogueRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const bagOf = (request: FastifyRequest) => bagToRead(ctx.sessions, request);

  /**
   * The catalogue hands every shopper whose answer is not personal one shared object (see Catalogue), so
   * its JSON is made once, by the route's own response serialiser, and sent as it is (a string payload
   * skips the serialiser). A new object, because the cache moved on or was invalidated, or because the
   * answer is the shopper's own, is serialised afresh.
   */
  const serialised = new WeakMap<object, ReturnType<FastifyReply['serialize']>>();
  const sendAnswer = (reply: FastifyReply, answer: object) => {
    let json = serialised.get(answer);
    if (json === undefined) {
      json = reply.serialize(answer);
      serialised.set(answer, json);
    }
    return reply.type(JSON_TYPE).send(json);
  };

  app.get('/home', { schema: { response: { 200: HomeResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return sendAnswer(reply, await ctx.catalogue.home());
  });

  const listing = async (
    request: FastifyRequest,
    body: ListingBody,
    scope: ListingScope,
    filters?: string,
  ) => {
    const query = { scope, filters: parseFilters(filters), sort: body.sort, page: body.page };
    return ctx.catalogue.listing(query, await bagOf(request));
  };

  const accessories = { body: ListingBody, params: AccessoriesParams, response: { 200: ListingResponse } };
  for (const url of ['/api/item/accessories/:filters', '/api/item/accessories']) {
    app.post(url, { bodyLimit: TINY_BODY_LIMIT, schema: accessories }, async (request, reply) => {
      const answer = await listing(request, request.body, { prod: 'accessories' }, request.params.filters);
      return sendAnswer(reply, answer);
    });
  }

  const apparel = { body: ListingBody, params: ListingParams, response: { 200: ListingResponse } };
  for (const url of ['/api/item/:userSegment/:genre/:filters', '/api/item/:userSegment/:genre']) {
    app.post(url, { bodyLimit: TINY_BODY_LIMIT, schema: apparel }, async (request, reply) => {
      const { userSegment, genre, filters } = request.params;
      const answer = await listing(request, request.body, { prod: 'apparel', userSegment, genre }, filters);
      return sendAnswer(reply, answer);
    });
  }

  app.get(
    '/api/search',
    { schema: { querystring: SearchQuery, response: { 200: ListingResponse } } },
    async (request, reply) => {
      const { q, page = 1, sort = 0, filters } = request.query;
      if (q.trim() === '') throw badRequest('q must not be blank: say what to search for');
      const query = { q, page, sort: sort as SortCode, filters: parseFilters(filters) };
      return sendAnswer(reply, await ctx.catalogue.search(query, await bagOf(request)));
    },
  );

  // the same for every shopper, and asked for at every keystroke: browsers and proxies may keep it briefly
  app.get(
    '/api/suggest',
    { schema: { querystring: SuggestQuery, response: { 200: SuggestResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return sendAnswer(reply, await ctx.catalogue.suggest(request.query.q));
    },
  );

  app.get(
    '/product/ind/:prod/:productID',
    { schema: { params: ProductParams, response: { 200: ProductResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const { prod, productID } = request.params;
      return sendAnswer(reply, await ctx.catalogue.product(prod, productID, await bagOf(request)));
    },
  );

  // rows of product cards: public, the same for every shopper (no wish marks), so they may be kept briefly
  const PUBLIC_ROW = 'public, max-age=60';

  app.get(
    '/api/products',
    { schema: { querystring: ProductIdsQuery, response: { 200: ProductCards } } },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_ROW);
      return ctx.catalogue.productCards(productIds(request.query.ids));
    },
  );

  app.get(
    '/api/products/:id/similar',
    { schema: { params: SimilarParams, response: { 200: ProductCards } } },
    async (request, reply) => {
      const similar = await ctx.catalogue.similar(request.params.id);
      if (!similar) throw notFound(`No product ${request.params.id}`);
      reply.header('cache-control', PUBLIC_ROW);
      return sendAnswer(reply, similar);
    },
  );

  app.get(
    '/api/products/highlights',
    { schema: { response: { 200: HighlightsResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_ROW);
      return sendAnswer(reply, await ctx.catalogue.highlights());
    },
  );

  app.post(
    '/api/:prod/modifyProd',
    {
      constraints: { key: 'color' },
      bodyLimit: TINY_BODY_LIMIT,
      schema: {
        params: ModifyProdParams,
        body: ModifyProdBody,
        response: { 200: ModifyProdResponse },
      },
    },
    async (request) => {
      const { childKey, color } = request.body;
      return { prodId: await ctx.catalogue.siblingInColour(request.params.prod, childKey, color) };
    },
  );

  // the policy pages call it to check the session: a cached answer would hide a lost one
  app.get('/api/terms', { schema: { response: { 200: TermsResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return TERMS;
  });
};

const PRODUCT_ID = /^[1-9][0-9]{0,8}$/;

/** "3,17,5": each a product id, at most a row's worth; repeats count once. */
function productIds(text: string): number[] {
  const parts = text.split(',');
  if (parts.length > PRODUCT_ROW_SIZE || !parts.every((part) => PRODUCT_ID.test(part))) {
    throw badRequest(`ids: up to ${PRODUCT_ROW_SIZE} product ids, separated by commas`);
  }
  return [...new Set(parts.map(Number))];
}
