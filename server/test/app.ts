import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { DatabaseHandle, Db } from '../db/connect.ts';
import {
  type DatabaseKind,
  databaseKinds,
  openTestDatabase,
  type TemplateChoice,
  testDataDir,
} from './database.ts';
import { TestClient } from './http.ts';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
  config: Config;
  baseUrl: string;
  /** a new shopper with a started session */
  client(): Promise<TestClient>;
  close(): Promise<void>;
}

/**
 * How a test app starts: its clock, and (`empty: true`) on the empty template instead of the demo's,
 * with HAAT_DEMO off in its configuration; `port` when PUBLIC_URL must name it (passkeys), else any.
 */
export type TestAppOptions = Pick<AppDeps, 'now'> & TemplateChoice & { port?: number };

/** The whole app on a fresh database copy, listening on a real port. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return listenTestApp(kind, await openTestDatabase(kind, options), env, options);
}

/** The whole app on `database`, listening on a real port; close() closes the database too. */
export async function listenTestApp(
  kind: DatabaseKind,
  database: DatabaseHandle,
  env: Record<string, string> = {},
  { empty = false, port = 0, ...deps }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = testDataDir('haat-data-', { empty });
  // fixtures write sessions straight to the database, so the session cache is off unless a test turns it on
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DATA_DIR: dataDir,
    SESSION_CACHE_MS: '0',
    // every test client asks from 127.0.0.1, one network: the unknown-number share is the network's too
    SMS_UNKNOWN_NETWORK_SHARE: '100',
    ...(empty && { HAAT_DEMO: 'off' }),
    ...env,
  });
  const app = await buildApp({ config, db: database.db, pool: database.pool, ...deps });
  const baseUrl = await app.listen({ port, host: '127.0.0.1' });
  return {
    kind,
    app,
    db: database.db,
    config,
    baseUrl,
    client: () => new TestClient(baseUrl).start(),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per database engine (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * each on its own fresh copy of the seeded template (or of the empty one, with `empty: true`).
 */
export function describeEachDatabase(
  name: string,
  suite: (t: () => TestApp) => void,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let testApp: TestApp | undefined;
      beforeAll(async () => {
        testApp = await startTestApp(kind, env, options);
      }, 60_000);
      afterAll(async () => {
        await testApp?.close();
      });
      suite(() => {
        if (!testApp) throw new Error('test app not started');
        return testApp;
      });
    });
  }
}
