import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminProduct,
  AdminProductsQuery,
  AdminProductsResponse,
  CatalogueChoices,
  ColourBody,
  CsvAnswer,
  FieldErrors,
  ImportQuery,
  ImportRefused,
  ImportResponse,
  LowStockResponse,
  PhotoResponse,
  ProductBody,
  ProductIdParams,
  ShopSettings,
} from '../../../contract/products.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { parseProductId } from '../../platform/api-values.ts';
import { AppError, badRequest, tooLarge, unsupportedMediaType } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { InvalidFields } from './validate.ts';

const PHOTO_LIMIT_BYTES = 15 * 1024 * 1024;
const CSV_LIMIT_BYTES = 30 * 1024 * 1024;
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

function idOf(text: string): number {
  const id = parseProductId(text);
  if (id === undefined) throw badRequest('id is not a product id');
  return id;
}

/** The form's one file in the field `field`, as bytes; whatever goes wrong reading it is a clear 4xx. */
async function formFile(request: FastifyRequest, field: string, limit: number): Promise<Buffer> {
  const usage = `Send one file as multipart/form-data, in the field "${field}"`;
  if (!request.isMultipart()) throw unsupportedMediaType(usage);
  try {
    let file: Buffer | undefined;
    for await (const part of request.parts({ limits: { fileSize: limit } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || file) throw badRequest(usage);
      file = await part.toBuffer();
      if (part.file.truncated) throw tooLarge(`The file is larger than ${limit / 1024 / 1024} MB`);
    }
    if (!file) throw badRequest(usage);
    return file;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(`The file is larger than ${limit / 1024 / 1024} MB`);
    if (TOO_MANY_PARTS.has(code)) throw badRequest(usage);
    throw badRequest('The upload is not a well-formed multipart form');
  }
}

/** A product's field errors as 400 `{error, fields}`, for the form to show beside each field. */
async function withFields<T>(reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidFields)
      return reply.code(400).send({ error: error.message, fields: error.fields });
    throw error;
  }
}

/** The back office's catalogue: products, their photos, the CSV import and export, and low stock. */
export const productRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { products, catalogue } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };
  const answersProduct = { 200: AdminProduct };
  const answersEdit = { 200: AdminProduct, 400: FieldErrors };

  app.get(
    '/admin/api/products',
    { schema: { querystring: AdminProductsQuery, response: { 200: AdminProductsResponse } } },
    async (request) => products.list(request.query),
  );

  app.get(
    '/admin/api/products/:id',
    { schema: { params: ProductIdParams, response: answersProduct } },
    async (request) => products.get(idOf(request.params.id)),
  );

  app.post(
    '/admin/api/products',
    { config: change, schema: { body: ProductBody, response: answersEdit } },
    async (request, reply) => withFields(reply, () => products.create(request.body, request.staff.actor)),
  );

  app.put(
    '/admin/api/products/:id',
    { config: change, schema: { params: ProductIdParams, body: ProductBody, response: answersEdit } },
    async (request, reply) =>
      withFields(reply, () => products.update(idOf(request.params.id), request.body, request.staff.actor)),
  );

  app.post(
    '/admin/api/products/:id/colours',
    { config: change, schema: { params: ProductIdParams, body: ColourBody, response: answersEdit } },
    async (request, reply) =>
      withFields(reply, () => products.addColour(idOf(request.params.id), request.body, request.staff.actor)),
  );

  for (const active of [false, true]) {
    app.post(
      `/admin/api/products/:id/${active ? 'restore' : 'withdraw'}`,
      { config: change, schema: { params: ProductIdParams, response: answersProduct } },
      async (request) => products.setActive(idOf(request.params.id), active, request.staff.actor),
    );
  }

  app.get('/admin/api/catalogue/choices', { schema: { response: { 200: CatalogueChoices } } }, async () =>
    products.choices(),
  );

  app.get(
    '/admin/api/catalogue/export',
    { schema: { response: { 200: CsvAnswer } } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue.csv"')
        .send(await catalogue.export()),
  );

  app.get('/admin/api/stock/low', { schema: { response: { 200: LowStockResponse } } }, async () =>
    products.lowStock(),
  );

  app.get(
    '/admin/api/settings',
    { preHandler: ownerOnly, schema: { response: { 200: ShopSettings } } },
    async () => products.settings(),
  );

  app.put(
    '/admin/api/settings',
    {
      config: change,
      preHandler: ownerOnly,
      schema: { body: ShopSettings, response: { 200: ShopSettings } },
    },
    async (request) => products.setSettings(request.body, request.staff.actor),
  );

  // multipart bodies only here: every other route keeps to JSON
  const uploads: FastifyPluginAsyncTypebox = async (forms) => {
    await forms.register(fastifyMultipart, {
      limits: { fileSize: CSV_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    forms.post(
      '/admin/api/products/photos',
      { config: change, bodyLimit: PHOTO_LIMIT_BYTES, schema: { response: { 200: PhotoResponse } } },
      async (request) => ({
        photo: await products.uploadPhoto(await formFile(request, 'file', PHOTO_LIMIT_BYTES)),
      }),
    );
    forms.post(
      '/admin/api/catalogue/import',
      {
        config: change,
        bodyLimit: CSV_LIMIT_BYTES,
        schema: { querystring: ImportQuery, response: { 200: ImportResponse, 400: ImportRefused } },
      },
      async (request, reply) => {
        const csv = (await formFile(request, 'file', CSV_LIMIT_BYTES)).toString('utf8');
        const report = await catalogue.import(csv, request.query.mode === 'apply', request.staff.actor);
        const refused = request.query.mode === 'apply' && !report.applied;
        return refused
          ? reply.code(400).send({ error: 'The file has errors: nothing was imported', ...report })
          : (report satisfies ImportResponse);
      },
    );
  };
  await app.register(uploads);
};
