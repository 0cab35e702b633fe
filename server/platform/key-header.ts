import type { FastifyInstance } from 'fastify';

type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type Handler = Parameters<ReturnType<Strategy['storage']>['set']>[1];

/**
 * The spec puts several calls on one path, told apart by a `key` header (addCart and wishUpdate on
 * POST /product/{prod}/{id}). Routing on that header lets each module declare its own route with its
 * own schema: `constraints: { key: 'addCart' }`. Routes without the constraint match whatever the header.
 */
export function registerKeyHeaderRouting(app: FastifyInstance): void {
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
}
