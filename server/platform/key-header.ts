import type { FastifyInstance } from 'fastify';
import { ErrorResponse } from '../../contract/errors.ts';
import { badRequest } from './errors.ts';

type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type Handler = Parameters<ReturnType<Strategy['storage']>['set']>[1];

/**
 * The spec puts several calls on one path, told apart by a `key` header (addCart and wishUpdate on
 * POST /product/{prod}/{id}). Routing on that header lets each module declare its own route with its
 * own schema: `constraints: { key: 'addCart' }`. Routes without the constraint match whatever the header.
 *
 * A missing or unknown key answers 400 naming the key on every keyed path alike (the design's rule): the
 * returned `answerUnknownKeys`, called once every module is registered, gives each keyed path a route
 * without the constraint that says so.
 */
export function registerKeyHeaderRouting(app: FastifyInstance): { answerUnknownKeys(): void } {
  /** the keys declared per `METHOD /path` */
  const keyedPaths = new Map<string, string[]>();
  app.addConstraintStrategy({
    name: 'key',
    storage() {
      const handlers = new Map<unknown, Handler>();
      return {
        get: (key: unknown) => handlers.get(key) ?? null,
        set: (key: unknown, store: Handler) => {
          handlers.set(key, store);
        },
      };
    },
    deriveConstraint: (request) => request.headers.key,
    mustMatchWhenDerived: false,
  });
  app.addHook('onRoute', (route) => {
    const key = (route.constraints as { key?: unknown } | undefined)?.key;
    if (typeof key !== 'string') return;
    for (const method of [route.method].flat()) {
      const path = `${method} ${route.url}`;
      keyedPaths.set(path, [...(keyedPaths.get(path) ?? []), key]);
    }
  });
  return {
    answerUnknownKeys() {
      for (const [path, keys] of keyedPaths) {
        const [method = 'POST', url = '/'] = path.split(' ');
        const allowed = [...keys]
          .sort()
          .map((key) => JSON.stringify(key))
          .join(', ');
        app.route({
          method,
          url,
          // described with the keyed routes of its path (openapi.ts), as their 400
          schema: { hide: true, response: { 400: ErrorResponse } },
          handler: async (request) => {
            const key = request.headers.key;
            throw badRequest(key === undefined ? 'key is required' : `key must be one of ${allowed}`);
          },
        });
      }
    },
  };
}
