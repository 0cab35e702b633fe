import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
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
} from '../../../contract/products.ts';
import { parseProductId } from '../../platform/api-values.ts';
import { AppError, badRequest, tooLarge, unsupportedMediaType } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { readPhotoZip } from './photo-zip.ts';

const PHOTO_LIMIT_BYTES = 15 * 1024 * 1024;
const CSV_LIMIT_BYTES = 30 * 1024 * 1024;
const ZIP_LIMIT_BYTES = 200 * 1024 * 1024;
// an import is the CSV and, when its rows name photos by file name, a zip of them
const IMPORT_FILES = { file: CSV_LIMIT_BYTES, photos: ZIP_LIMIT_BYTES };
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

function idOf(text: string): number {
  const id = parseProductId(text);
  if (id === undefined) throw badRequest('id is not a product id');
  return id;
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/**
 * The form's files as bytes, by field: each field of `limits` at most once and at most its size, and
 * `required` always; whatever goes wrong reading them is a clear 4xx.
 */
async function formFiles(
  request: FastifyRequest,
  limits: Record<string, number>,
  required: string,
): Promise<Map<string, Buffer>> {
  const optional = Object.keys(limits).filter((name) => name !== required);
  const extra = optional.map((name) => `, and may send "${name}"`).join('');
  const usage = `Send one file as multipart/form-data, in the field "${required}"${extra}`;
  if (!request.isMultipart()) throw unsupportedMediaType(usage);
  try {
    const files = new Map<string, Buffer>();
    for await (const part of request.parts({ limits: { fileSize: Math.max(...Object.values(limits)) } })) {
      if (part.type !== 'file') continue;
      const limit = limits[part.fieldname];
      if (limit === undefined || files.has(part.fieldname)) throw badRequest(usage);
      const file = await part.toBuffer();
      if (part.file.truncated || file.length > limit)
        throw tooLarge(`The file "${part.fieldname}" is larger than ${megabytes(limit)}`);
      files.set(part.fieldname, file);
    }
    if (!files.has(required)) throw badRequest(usage);
    return files;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('The upload is larger than the form allows');
    if (TOO_MANY_PARTS.has(code)) throw badRequest(usage);
    throw badRequest('The upload is not a well-formed multipart form');
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
    async (request) => products.create(request.body, request.staff.actor),
  );

  app.put(
    '/admin/api/products/:id',
    { config: change, schema: { params: ProductIdParams, body: ProductBody, response: answersEdit } },
    async (request) => products.update(idOf(request.params.id), request.body, request.staff.actor),
  );

  app.post(
    '/admin/api/products/:id/colours',
    { config: change, schema: { params: ProductIdParams, body: ColourBody, response: answersEdit } },
    async (request) => products.addColour(idOf(request.params.id), request.body, request.staff.actor),
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

  // multipart bodies only here: every other route keeps to JSON
  const uploads: FastifyPluginAsyncTypebox = async (forms) => {
    await forms.register(fastifyMultipart, {
      limits: { fileSize: CSV_LIMIT_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
    });
    forms.post(
      '/admin/api/products/photos',
      { config: change, bodyLimit: PHOTO_LIMIT_BYTES, schema: { response: { 200: PhotoResponse } } },
      async (request) => ({
        photo: await products.uploadPhoto(
          (await formFiles(request, { file: PHOTO_LIMIT_BYTES }, 'file')).get('file') as Buffer,
        ),
      }),
    );
    forms.post(
      '/admin/api/catalogue/import',
      {
        config: change,
        bodyLimit: CSV_LIMIT_BYTES + ZIP_LIMIT_BYTES,
        schema: { querystring: ImportQuery, response: { 200: ImportResponse, 400: ImportRefused } },
      },
      async (request, reply) => {
        const files = await formFiles(request, IMPORT_FILES, 'file');
        const csv = (files.get('file') as Buffer).toString('utf8');
        const zip = files.get('photos');
        const photos = zip ? await readPhotoZip(zip) : undefined;
        const apply = request.query.mode === 'apply';
        const report = await catalogue.import(csv, apply, request.staff.actor, photos);
        const refused = request.query.mode === 'apply' && !report.applied;
        return refused
          ? reply.code(400).send({ error: 'The file has errors: nothing was imported', ...report })
          : (report satisfies ImportResponse);
      },
    );
  };
  await app.register(uploads);
};
