import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LoginResponse } from '../../../contract/accounts.ts';
import {
  NewPasskey,
  NewPasskeyBody,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyOptionsBody,
  PasskeyParams,
  PasskeyRequestOptions,
  PasskeySignInBody,
} from '../../../contract/passkeys.ts';
import { NoContent, StaffSession } from '../../../contract/staff.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { forbidden } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { logIn } from '../accounts/routes.ts';
import { answerSignedIn } from '../staff/routes.ts';
import type { Registrant } from './service.ts';
import type { Owner } from './store.ts';

const NOT_A_PERSON = 'Passkeys belong to a person: sign in to the back office with your own phone';

/**
 * Passkeys (docs/decisions/053): the back office's (/admin/api/passkeys, /admin/api/session/passkey) and
 * the shop's (/api/passkeys, /api/session/passkey). Every route answers 409 without PUBLIC_URL.
 */
export const passkeyRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  await app.register(staffPasskeyRoutes, ctx);
  await app.register(staffSignInRoutes, ctx);
  await app.register(shopperPasskeyRoutes, ctx);
};

/** The CSRF check (global, or the back office's guard) let only a browser with an id reach a write. */
const browserOf = (ctx: Services, request: FastifyRequest) => ctx.browser.browserId(request) ?? '';

/** A signed-in staff member's own passkeys, behind the back office's guard; the bearer token is no person. */
const staffPasskeyRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { passkeys } = ctx;
  app.addHook('onRequest', ctx.adminAuth.guard);
  app.addHook('onRequest', async () => {
    passkeys.relyingParty();
  });
  const guarded = { csrf: false };

  const ownerOf = (request: FastifyRequest): Owner => {
    const { id } = request.staff;
    if (id === null) throw forbidden(NOT_A_PERSON);
    return { kind: 'staff', id };
  };

  app.post(
    '/admin/api/passkeys/options',
    { config: guarded, schema: { body: PasskeyOptionsBody, response: { 200: PasskeyCreationOptions } } },
    async (request) => {
      const owner = ownerOf(request);
      const person = await ctx.staff.find(owner);
      if (!person) throw forbidden(NOT_A_PERSON);
      const registrant: Registrant = {
        ...owner,
        userName: `${person.phone} (back office)`,
        displayName: `${person.name} (back office)`,
      };
      return passkeys.registrationOptions(registrant, browserOf(ctx, request));
    },
  );

  app.post(
    '/admin/api/passkeys',
    { config: guarded, schema: { body: NewPasskeyBody, response: { 201: NewPasskey } } },
    async (request, reply) => {
      const added = await passkeys.register(ownerOf(request), browserOf(ctx, request), request.body);
      return reply.code(201).send(added);
    },
  );

  app.get('/admin/api/passkeys', { schema: { response: { 200: PasskeyList } } }, async (request) =>
    passkeys.list(ownerOf(request)),
  );

  app.delete(
    '/admin/api/passkeys/:id',
    { config: guarded, schema: { params: PasskeyParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await passkeys.remove(ownerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** Signing in to the back office with a passkey: no session yet, the browser's CSRF token (global check). */
const staffSignInRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { passkeys, staffSignIn } = ctx;
  app.addHook('onRequest', async () => {
    passkeys.relyingParty();
  });

  app.post(
    '/admin/api/session/passkey/options',
    { schema: { body: PasskeyOptionsBody, response: { 200: PasskeyRequestOptions } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeys.signInOptions('staff', browserOf(ctx, request));
    },
  );

  app.post(
    '/admin/api/session/passkey',
    { schema: { body: PasskeySignInBody, response: { 200: StaffSession } } },
    (request, reply) =>
      answerSignedIn(ctx, request, reply, async () => {
        const browserId = browserOf(ctx, request);
        const person = await passkeys.signInStaff(browserId, request.body);
        return { person, token: await staffSignIn.startSession(person, browserId, { by: 'passkey' }) };
      }),
  );
};

/** A logged-in shopper's passkeys, and logging a browser in with one (as `POST /api/login` does). */
const shopperPasskeyRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { passkeys, sessions, accounts } = ctx;
  app.addHook('onRequest', async () => {
    passkeys.relyingParty();
  });

  const ownerOf = async (request: FastifyRequest): Promise<Owner> => ({
    kind: 'shopper',
    id: await sessions.requireCustomer(request),
  });

  app.post(
    '/api/passkeys/options',
    { schema: { body: PasskeyOptionsBody, response: { 200: PasskeyCreationOptions } } },
    async (request, reply) => {
      const owner = await ownerOf(request);
      const profile = await accounts.profile(owner.id);
      const registrant: Registrant = {
        ...owner,
        userName: profile.phoneNo,
        displayName: `${profile.fname} ${profile.lname}`,
      };
      reply.header('cache-control', 'no-store');
      return passkeys.registrationOptions(registrant, browserOf(ctx, request));
    },
  );

  app.post(
    '/api/passkeys',
    { schema: { body: NewPasskeyBody, response: { 201: NewPasskey } } },
    async (request, reply) => {
      const added = await passkeys.register(await ownerOf(request), browserOf(ctx, request), request.body);
      return reply.code(201).send(added);
    },
  );

  app.get('/api/passkeys', { schema: { response: { 200: PasskeyList } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return passkeys.list(await ownerOf(request));
  });

  app.delete(
    '/api/passkeys/:id',
    { schema: { params: PasskeyParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await passkeys.remove(await ownerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/session/passkey/options',
    { schema: { body: PasskeyOptionsBody, response: { 200: PasskeyRequestOptions } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeys.signInOptions('shopper', browserOf(ctx, request));
    },
  );

  app.post(
    '/api/session/passkey',
    { schema: { body: PasskeySignInBody, response: { 200: LoginResponse } } },
    async (request, reply) => {
      const customerId = await passkeys.signInShopper(browserOf(ctx, request), request.body);
      const { fname, phoneNo } = await accounts.profile(customerId);
      return logIn(ctx, request, reply, { customerId, fname, phone: phoneNo });
    },
  );
};
