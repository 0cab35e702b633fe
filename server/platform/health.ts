import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { ErrorResponse } from '../../contract/errors.ts';
import type { Db } from '../db/connect.ts';
import { pendingMigrations } from '../db/migrate.ts';

export interface HealthDeps {
  db: Db;
  /** true once shutdown began: the load balancer should send new shoppers elsewhere */
  stopping: () => boolean;
  /** what a request would now wait for, being built in memory (an index), if anything */
  warming: () => string | undefined;
}

const Alive = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({ status: Type.Literal('ready') });
const NotReady = {
  ...ErrorResponse,
  description:
    "Not ready: the reason (the database, migrations, the catalogue's index being built, shutting down)",
};

/**
 * `GET /healthz`: the process answers (a load balancer restarts it otherwise).
 * `GET /readyz`: it can serve shoppers: the database answers, every migration is applied and every
 * in-memory index a request reads is built (so that a load balancer sends no shopper to a cold instance,
 * to wait behind the index's first read); 503 with the reason otherwise, and from the moment shutdown
 * begins.
 */
export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  let migrated = false;
  const notReady = async (): Promise<string | undefined> => {
    if (deps.stopping()) return 'shutting down';
    try {
      await sql`SELECT 1`.execute(deps.db);
    } catch {
      return 'the database does not answer';
    }
    if (!migrated) {
      const pending = await pendingMigrations(deps.db);
      if (pending.length) return `migrations not applied: ${pending.join(', ')}`;
      // applied migrations are never taken back: asked once
      migrated = true;
    }
    return deps.warming();
  };

  app.get('/healthz', { schema: { response: { 200: Alive } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { response: { 200: Ready, 503: NotReady } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = await notReady();
    if (reason) return reply.code(503).send({ error: `Not ready: ${reason}` });
    return { status: 'ready' };
  });
}
