import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ThrottledResponse } from '../../../contract/accounts.ts';
import { ErrorResponse } from '../../../contract/errors.ts';
import {
  ActivityPage,
  ActivityQuery,
  NewStaffBody,
  NoContent,
  StaffCodeBody,
  StaffCodeResponse,
  StaffList,
  StaffMember,
  StaffParams,
  StaffSession,
  StaffSignInBody,
} from '../../../contract/staff.ts';
import { ownerOnly, STAFF_COOKIE, staffCookie } from '../../platform/admin-auth.ts';
import { keepBodiesSmall } from '../../platform/body-limit.ts';
import { networkKey } from '../../platform/client-address.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';

/** Staff sign-in, the owner's staff management and the activity log (/admin/api/session, /staff, /activity). */
export const staffRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  keepBodiesSmall(app);
  await app.register(signInRoutes, ctx);
  await app.register(signedInRoutes, ctx);
};

/** Reached without a session, with the browser's CSRF token (the shop's global check). */
const signInRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { staffSignIn, browser } = ctx;

  app.post(
    '/admin/api/session/code',
    {
      schema: {
        body: StaffCodeBody,
        // 503: the SMS provider is failing (SMS_FAILING), for every number alike
        response: { 200: StaffCodeResponse, 429: ThrottledResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      const asker = { browserId: browser.browserId(request) ?? '', network: networkKey(request.ip) };
      await staffSignIn.sendCode(request.body.phone, asker);
      return { sent: true as const };
    },
  );

  app.post(
    '/admin/api/session',
    { schema: { body: StaffSignInBody, response: { 200: StaffSession } } },
    (request, reply) =>
      answerSignedIn(ctx, request, reply, () =>
        staffSignIn.signIn(request.body.phone, request.body.code, browser.browserId(request) ?? ''),
      ),
  );
};

/**
 * Answers a back-office sign-in (by code, or by passkey): `signIn` proves who it is and starts their
 * session; the session this browser had before ends (one browser, one signed-in person), and the new one's
 * cookie is set.
 */
export async function answerSignedIn(
  ctx: Pick<Services, 'staffSignIn' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: () => Promise<{ person: StaffMember; token: string }>,
): Promise<StaffSession> {
  const previous = request.cookies[STAFF_COOKIE];
  const { person, token } = await signIn();
  if (previous) await ctx.staffSignIn.signOut(previous);
  reply.setCookie(STAFF_COOKIE, token, staffCookie(ctx.config.nodeEnv === 'production'));
  noStore(reply);
  return { id: person.id, name: person.name, phone: person.phone, role: person.role };
}

/** Behind the back office's guard: the bearer token, or a staff session (and CSRF on its writes). */
const signedInRoutes: FastifyPluginAsyncTypebox<Services> = async (app, ctx) => {
  const { staff, staffSignIn } = ctx;
  const secure = ctx.config.nodeEnv === 'production';
  app.addHook('onRequest', ctx.adminAuth.guard);
  const guarded = { csrf: false };
  const owners = { config: guarded, preHandler: ownerOnly };

  app.get('/admin/api/session', { schema: { response: { 200: StaffSession } } }, async (request, reply) => {
    noStore(reply);
    const { id } = request.staff;
    if (id === null) return { id, name: request.staff.name, phone: null, role: request.staff.role };
    const person = await staff.find({ id });
    // removed between the guard's read and this one
    if (!person) throw unauthorized('Please sign in to the back office');
    return { id, name: person.name, phone: person.phone, role: person.role };
  });

  app.delete(
    '/admin/api/session',
    { config: guarded, schema: { response: { 204: NoContent } } },
    async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE];
      if (token && request.staff.id !== null) await staffSignIn.signOut(token);
      reply.clearCookie(STAFF_COOKIE, staffCookie(secure));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/api/staff',
    { ...owners, schema: { response: { 200: StaffList } } },
    async (_request, reply) => {
      noStore(reply);
      return { staff: await staff.list() };
    },
  );

  app.post(
    '/admin/api/staff',
    { ...owners, schema: { body: NewStaffBody, response: { 201: StaffMember } } },
    async (request, reply) => reply.code(201).send(await staff.add(request.staff, request.body)),
  );

  app.delete(
    '/admin/api/staff/:id',
    { ...owners, schema: { params: StaffParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await staff.remove(request.staff, { id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/api/activity',
    { ...owners, schema: { querystring: ActivityQuery, response: { 200: ActivityPage } } },
    async (request, reply) => {
      noStore(reply);
      return staff.activity(request.query.before);
    },
  );
};

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
