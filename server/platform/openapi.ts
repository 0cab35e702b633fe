import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorResponse } from '../../contract/errors.ts';
import { projectPath } from '../db/project-root.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * Routes outside the document besides the web app's files: the reference page and its assets, and the
 * operator's Prometheus text. Every other route declares its answers (the onRoute check below).
 */
const NOT_DESCRIBED = [DOCS_PATH, '/metrics'];

const isUnsafe = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
const methodsOf = (route: RouteOptions) => [route.method].flat().map(String);
const keyOf = (route: RouteOptions) => {
  const key = (route.constraints as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' ? key : undefined;
};

const error = (description: string) => ({ ...ErrorResponse, description });

/**
 * The error answers every described route shares, added to its own: the platform gives them all
 * (errors.ts), so each route need not repeat them. A route's own schema for a status wins.
 */
function errorAnswers(route: RouteOptions): Record<string, unknown> {
  const schema = route.schema ?? {};
  const answers: Record<string, unknown> = {};
  if (schema.body || schema.params || schema.querystring || keyOf(route)) {
    answers[400] = error('Bad input: the message names the field, or the key header');
  }
  if (route.url.startsWith('/admin/')) answers[401] = error('No valid back-office token');
  if (methodsOf(route).some(isUnsafe) && route.config?.csrf !== false) {
    answers[403] = error('Missing or invalid CSRF token, or not signed in');
  }
  answers['4xx'] = error(
    'Refused: not signed in (403), not found (404), a conflict with the current state (409), ' +
      'too large (413), too many requests (429, with Retry-After)',
  );
  answers[500] = error('Internal server error');
  answers[503] = error('Shutting down: send it again (to another instance); the connection closes');
  return answers;
}

/** Where a route belongs in the reference, and how it authenticates. */
function describe(url: string, route: RouteOptions) {
  if (url.startsWith('/admin/')) return { tags: ['back office'], security: [{ adminToken: [] }] };
  if (url.startsWith('/api/dev/')) return { tags: ['development'] };
  if (url.startsWith('/api/webhooks/')) return { tags: ['webhooks'] };
  if (['/healthz', '/readyz', OPENAPI_PATH].includes(url)) return { tags: ['operations'] };
  const csrf = methodsOf(route).some(isUnsafe) && route.config?.csrf !== false;
  return { tags: ['shop'], ...(csrf ? { security: [{ csrfToken: [], browserCookie: [] }] } : {}) };
}

// a keyed route's variant travels under this mark until the document merges the variants of its path
const KEY_MARK = '#key=';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  [field: string]: unknown;
}
type PathItem = Record<string, Operation>;

const union = (schemas: unknown[]) => {
  const distinct = schemas.filter((s, i) => schemas.findIndex((t) => isDeepStrictEqual(s, t)) === i);
  return distinct.length === 1 ? distinct[0] : { anyOf: distinct };
};

/**
 * One operation for a path the spec shares between calls told apart by the `key` header (POST
 * /api/signUp key=phone|mail|login): the key as a required header, each body and answer as one of the
 * alternatives, and every variant whole under `x-key-variants` for clients that know their key.
 */
function mergeKeyed(variants: Map<string, Operation>): Operation {
  const ops = [...variants.values()];
  const first = ops[0] as Operation;
  const keyHeader = {
    in: 'header',
    name: 'key',
    required: true,
    description: 'Which call of this path: one of the variants in x-key-variants',
    schema: { type: 'string', enum: [...variants.keys()] },
  };
  const bodies = ops.flatMap((op) =>
    op.requestBody ? [op.requestBody.content['application/json']?.schema] : [],
  );
  const statuses = [...new Set(ops.flatMap((op) => Object.keys(op.responses)))];
  const responses: Operation['responses'] = {};
  for (const status of statuses) {
    const answers = ops.flatMap((op) => (op.responses[status] ? [op.responses[status]] : []));
    const schemas = answers.flatMap((answer) =>
      answer.content ? [answer.content['application/json']?.schema] : [],
    );
    responses[status] = {
      description: [...new Set(answers.map((answer) => answer.description))].join('; '),
      ...(schemas.length ? { content: { 'application/json': { schema: union(schemas) } } } : {}),
    };
  }
  return {
    ...first,
    summary: `One of: ${[...variants.keys()].map((key) => `key=${key}`).join(', ')}`,
    parameters: [...(first.parameters ?? []).filter((p) => p.in !== 'header' || p.name !== 'key'), keyHeader],
    ...(bodies.length
      ? { requestBody: { required: true, content: { 'application/json': { schema: union(bodies) } } } }
      : {}),
    responses,
    'x-key-variants': Object.fromEntries(variants),
  };
}

function mergeKeyedPaths(paths: Record<string, PathItem>): Record<string, PathItem> {
  const merged: Record<string, PathItem> = {};
  const keyed = new Map<string, Map<string, Operation>>();
  for (const [path, item] of Object.entries(paths)) {
    const [base = path, key] = path.split(KEY_MARK);
    if (key === undefined) {
      merged[path] = { ...merged[path], ...item };
      continue;
    }
    for (const [method, operation] of Object.entries(item)) {
      const id = `${method} ${base}`;
      keyed.set(id, (keyed.get(id) ?? new Map()).set(key, operation));
    }
  }
  for (const [id, variants] of keyed) {
    const [method = 'post', base = '/'] = id.split(' ');
    merged[base] = { ...merged[base], [method]: mergeKeyed(variants) };
  }
  return merged;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `METHOD url` of the API's routes: those in the document, and those that declare no answers
     * (neither listed in NOT_DESCRIBED nor the web app's): a test keeps the second list empty.
     */
    apiRoutes(): { described: string[]; undescribed: string[] };
  }
}

const { version } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8'));

/**
 * The OpenAPI 3.1 document, generated from the route schemas at `GET /api/openapi.json`, and a
 * browsable reference (Swagger UI, served from the package, no CDN) at `GET /api/docs` when `docs`. Register
 * before any route: the generator and the check below see only routes added after them.
 */
export async function registerOpenApi(app: FastifyInstance, { docs }: { docs: boolean }): Promise<void> {
  const described: string[] = [];
  const undescribed: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = methodsOf(route)
      .filter((method) => method !== 'HEAD')
      .map((method) => `${method} ${route.url}`);
    const hidden = route.schema?.hide === true;
    // a built web app's file (@fastify/static hides its routes and names the file), the reference page
    const isFile = hidden && typeof (route.config as { file?: unknown } | undefined)?.file === 'string';
    if (isFile || NOT_DESCRIBED.some((path) => route.url.startsWith(path))) return;
    if (!route.schema?.response) {
      undescribed.push(...methods);
      return;
    }
    if (!hidden) described.push(...methods);
    route.schema = { ...route.schema, response: { ...errorAnswers(route), ...route.schema.response } };
  });
  app.decorate('apiRoutes', () => ({ described: [...described], undescribed: [...undescribed] }));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'haat',
        version,
        description:
          'The storefront API: the shop (catalogue, accounts, bag, wishlist, checkout, orders, reviews), ' +
          'the back office, and operations. Writes from a browser send the X-CSRF-Token from GET /api/check.',
      },
      components: {
        securitySchemes: {
          csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          browserCookie: { type: 'apiKey', in: 'cookie', name: 'haat_bid' },
          adminToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const key = keyOf(route);
      return {
        schema: { ...schema, ...describe(url, route) },
        url: key ? `${url}${KEY_MARK}${key}` : url,
      };
    },
    transformObject: (documents) => {
      // an OpenAPI document, since `openapi` is set above
      const { openapiObject } = documents as { openapiObject: { paths?: unknown } };
      return { ...openapiObject, paths: mergeKeyedPaths(openapiObject.paths as Record<string, PathItem>) };
    },
  });
  // the reference page is for developers; a production shop shows it only when asked (API_DOCS=on)
  if (docs) await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH });

  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    { schema: { response: { 200: { type: 'object', additionalProperties: true } } } },
    async (_request, reply) => {
      // made once: the routes do not change after start
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
    },
  );
}
