import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, FieldErrors } from '../../../contract/errors.ts';
import {
  Partner,
  PartnerBody,
  PartnerChangeBody,
  PartnerList,
  PartnerParams,
  PincodesQuery,
  PincodesRefused,
  PincodesReport,
} from '../../../contract/partners.ts';
import { PincheckBody, PincheckResponse, PincodeParams, PincodePlace } from '../../../contract/shopping.ts';
import { ownerOnly } from '../../platform/admin-auth.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { answerFormsByField, notFound } from '../../platform/errors.ts';
import { formFiles } from '../../platform/form-files.ts';
import type { Services } from '../../services.ts';
import { isServiceable, pincodePlace } from './service.ts';

// India's whole list is some 150 kB
const PINCODES_LIMIT_BYTES = 2 * 1024 * 1024;

export const deliveryRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  // visitors check pincodes too (decision 022): the answer is public, and the CSRF check still applies

  app.post(
    '/api/pincheck',
    { schema: { body: PincheckBody, response: { 200: PincheckResponse } } },
    async (request) => isServiceable(ctx.db, request.body.partner, request.body.pincode),
  );

  // the address form's City and State: the same for everyone and seldom changed, so caches may keep it
  app.get(
    '/api/pincodes/:pincode',
    { schema: { params: PincodeParams, response: { 200: PincodePlace, 404: ErrorResponse } } },
    async (request, reply) => {
      const place = await pincodePlace(ctx.db, request.params.pincode);
      if (!place) throw notFound('We do not know this pincode: please check it');
      reply.header('cache-control', 'public, max-age=86400');
      return place;
    },
  );
};

/** The owner's delivery partners and the pincodes each serves (/admin/api/partners). */
export const partnerRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { partners } = ctx;
  keepBodiesSmall(app);
  answerFormsByField(app);
  app.addHook('onRequest', ctx.adminAuth.guard);
  app.addHook('onRequest', ownerOnly);
  // the guard checks a cookie session's CSRF token itself; the bearer needs none
  const change = { csrf: false };
  const answersPartner = { 200: Partner, 400: FieldErrors, 404: ErrorResponse };

  app.get('/admin/api/partners', { schema: { response: { 200: PartnerList } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { partners: await partners.list() };
  });

  app.post(
    '/admin/api/partners',
    { config: change, schema: { body: PartnerBody, response: { 201: Partner, 400: FieldErrors } } },
    async (request, reply) => reply.code(201).send(await partners.create(request.body, request.staff.actor)),
  );

  app.put(
    '/admin/api/partners/:code',
    { config: change, schema: { params: PartnerParams, body: PartnerChangeBody, response: answersPartner } },
    async (request) => partners.update(request.params.code, request.body, request.staff.actor),
  );

  app.post(
    '/admin/api/partners/:code/pincodes/all-india',
    {
      config: change,
      schema: { params: PartnerParams, response: { 200: PincodesReport, 404: ErrorResponse } },
    },
    async (request) => partners.allIndia(request.params.code, request.staff.actor),
  );

  // multipart bodies only here: every other route keeps to JSON
  const uploads: FastifyPluginAsyncTypebox = async (forms) => {
    await forms.register(fastifyMultipart, {
      limits: { fileSize: PINCODES_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    forms.post(
      '/admin/api/partners/:code/pincodes',
      {
        config: change,
        bodyLimit: PINCODES_LIMIT_BYTES,
        schema: {
          params: PartnerParams,
          querystring: PincodesQuery,
          response: { 200: PincodesReport, 400: PincodesRefused, 404: ErrorResponse },
        },
      },
      async (request, reply) => {
        const files = await formFiles(request, { file: PINCODES_LIMIT_BYTES }, 'file');
        const apply = request.query.mode === 'apply';
        const report = await partners.pincodes(
          request.params.code,
          files.get('file') as Buffer,
          apply,
          request.staff.actor,
        );
        return apply && !report.applied
          ? reply.code(400).send({ error: 'The file has errors: nothing was changed', ...report })
          : report;
      },
    );
  };
  await app.register(uploads);
};
