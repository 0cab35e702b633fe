import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AdminReview, AdminReviewsResponse, ReviewIdParams, ReviewsQuery } from '../../../contract/admin.ts';
import { RateBody, RateResponse } from '../../../contract/orders.ts';
import {
  PostReviewBody,
  PostReviewResponse,
  ReviewPageResponse,
  ReviewParams,
  UPLOAD_LIMIT_BYTES,
  UploadParams,
  UploadResponse,
} from '../../../contract/reviews.ts';
import { cursorParam, idParam } from '../../platform/api-values.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { AppError, badRequest, tooLarge, unsupportedMediaType } from '../../platform/errors.ts';
import { customersOnly } from '../../platform/sessions.ts';
import type { Services } from '../../services.ts';

const FILE_FIELD = 'file';
const ONE_PHOTO = `Send one image file, in the field "${FILE_FIELD}"`;
const TOO_LARGE = `The photo is larger than ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`;
// @fastify/multipart's limit errors
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** Whatever goes wrong reading the form is the client's doing: a clear 4xx, never a 500. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(TOO_LARGE);
  if (TOO_MANY_PARTS.has(code)) return badRequest(ONE_PHOTO);
  return badRequest('The upload is not a well-formed multipart form');
}

/** The bytes of the form's one file, sent as the field `file`; other fields are ignored. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType(`Send the photo as multipart/form-data, in the field "${FILE_FIELD}"`);
  }
  try {
    let photo: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) throw badRequest(ONE_PHOTO);
      photo = await part.toBuffer();
      // checked here too: the plugin misses a limit reached on the file's last chunk
      if (part.file.truncated) throw tooLarge(TOO_LARGE);
    }
    if (!photo) throw badRequest(ONE_PHOTO);
    return photo;
  } catch (error) {
    throw uploadError(error);
  }
}

/** Reviews: the shopper's (ratings, texts and photos) and the back office's (reading and hiding them). */
export const reviewRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  await app.register(shopperRoutes, ctx);
  await app.register(backOfficeRoutes, ctx);
};

/** POST /orders/rate, GET and POST /api/review/{prodId}, POST /upload/{prod}/{prodId}: login required. */
const shopperRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { reviews } = ctx;
  app.addHook('preValidation', customersOnly(ctx.sessions));

  app.post(
    '/orders/rate',
    { schema: { body: RateBody, response: { 200: RateResponse } } },
    async (request) => {
      await reviews.rate(await ctx.sessions.requireCustomer(request), request.body);
      return {};
    },
  );

  app.get(
    '/api/review/:prodId',
    { schema: { params: ReviewParams, response: { 200: ReviewPageResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reviews.page(await ctx.sessions.requireCustomer(request), request.params.prodId);
    },
  );

  app.post(
    '/api/review/:prodId',
    { schema: { params: ReviewParams, body: PostReviewBody, response: { 200: PostReviewResponse } } },
    async (request) => {
      const customerId = await ctx.sessions.requireCustomer(request);
      await reviews.post(customerId, request.params.prodId, request.body);
      return {};
    },
  );

  // multipart bodies only here: every other route keeps to JSON
  const uploadRoutes: FastifyPluginAsyncTypebox = async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    uploads.post(
      '/upload/:prod/:prodId',
      { bodyLimit: UPLOAD_LIMIT_BYTES, schema: { params: UploadParams, response: { 200: UploadResponse } } },
      async (request) => {
        const customerId = await ctx.sessions.requireCustomer(request);
        const photo = await uploadedFile(request);
        const { prod, prodId } = request.params;
        return { file: await reviews.upload(customerId, prod, prodId, photo) };
      },
    );
  };
  await app.register(uploadRoutes);
};

/** The back office's reviews: the latest first, and hiding or showing one on its product page. */
const backOfficeRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  app.addHook('onRequest', ctx.adminAuth.guard);

  app.get(
    '/admin/api/reviews',
    { schema: { querystring: ReviewsQuery, response: { 200: AdminReviewsResponse } } },
    async (request) => ctx.reviews.latest(cursorParam(request.query.before)),
  );

  for (const hidden of [true, false]) {
    // the guard checks a cookie session's CSRF token itself; the bearer needs none
    app.post(
      `/admin/api/reviews/:id/${hidden ? 'hide' : 'show'}`,
      { config: { csrf: false }, schema: { params: ReviewIdParams, response: { 200: AdminReview } } },
      async (request) => ctx.reviews.setHidden(idParam(request.params.id, 'id'), hidden, request.staff.actor),
    );
  }
};
