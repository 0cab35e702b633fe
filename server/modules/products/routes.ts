import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FieldErrors } from '../../../contract/errors.ts';
import {
  AdminProduct,
  AdminProductsQuery,
  AdminProductsResponse,
  CatalogueChoices,
  ColourBody,
  CsvAnswer,
  ImportQuery,
  ImportRefused,
  ImportResponse,
  LowStockResponse,
  PhotoResponse,
  ProductBody,
  ProductIdParams,
} from '../../../contract/products.ts';
import { parseProductId } from '../../platform/api-values.ts';
import { keepBodiesSmall, MEDIUM_BODY_LIMIT } from '../../platform/body-limit.ts';
import { answerFormsByField, badRequest } from '../../platform/errors.ts';
import { formFiles } from '../../platform/form-files.ts';
import type { Services } from '../../services.ts';
import { readPhotoZip } from './photo-zip.ts';

const PHOTO_LIMIT_BYTES = 15 * 1024 * 1024;
const CSV_LIMIT_BYTES = 30 * 1024 * 1024;
const ZIP_LIMIT_BYTES = 200 * 1024 * 1024;
// an import is the CSV and, when its rows name photos by file name, a zip of them
const IMPORT_FILES = { file: CSV_LIMIT_BYTES, photos: ZIP_LIMIT_BYTES };

function idOf(text: string): number {
  const id = parseProductId(text);
  if (id === undefined) throw badRequest('id is not a product id');
  return id;
}

/** The back office's catalogue: products, their photos, the CSV import and export, and low stock. */
export const productRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  const { products, catalogueCsv } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);
  answerFormsByField(app);
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
    { config: change, bodyLimit: MEDIUM_BODY_LIMIT, schema: { body: ProductBody, response: answersEdit } },
    async (request) => products.create(request.body, request.staff.actor),
  );

  app.put(
    '/admin/api/products/:id',
    {
      config: change,
      bodyLimit: MEDIUM_BODY_LIMIT,
      schema: { params: ProductIdParams, body: ProductBody, response: answersEdit },
    },
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
      { config: change, schema: { params: ProductIdParams, response: answersEdit } },
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
        .send(await catalogueCsv.export()),
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
        // the answer can list an error for each of 50,000 rows: JSON.stringify writes them natively in a
        // few ms, where the schema's serializer takes 30-120 ms on the shop's thread (bench/stalls.ts); the
        // answer is built from the contract's type, so the schema has nothing to strip
        serializerCompiler: () => JSON.stringify,
        schema: { querystring: ImportQuery, response: { 200: ImportResponse, 400: ImportRefused } },
      },
      async (request, reply) => {
        const files = await formFiles(request, IMPORT_FILES, 'file');
        const zip = files.get('photos');
        const photos = zip ? await readPhotoZip(zip) : undefined;
        const apply = request.query.mode === 'apply';
        const report = await catalogueCsv.import(
          files.get('file') as Buffer,
          apply,
          request.staff.actor,
          photos,
        );
        const refused = request.query.mode === 'apply' && !report.applied;
        return refused
          ? reply.code(400).send({ error: 'The file has errors: nothing was imported', ...report })
          : (report satisfies ImportResponse);
      },
    );
  };
  await app.register(uploads);
};
