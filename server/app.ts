import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { registerCsrfCheck, Sessions } from './platform/sessions.ts';
import { registerWebApp } from './platform/web.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** where the built web app lives; tests without a build leave the pages out */
  webDir?: string;
}

/** What every module's routes receive: the shared services, built once here. */
export interface AppContext {
  config: Config;
  db: Db;
  sessions: Sessions;
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // ids in paths are plain; reject pathological URLs early
    routerOptions: { maxParamLength: 2000, ignoreTrailingSlash: true },
  });
  const { config, db } = deps;
  const sessions = new Sessions(db, config.sessionSecret, config.nodeEnv === 'production');
  const ctx: AppContext = { config, db, sessions };

  registerErrorHandling(app);
  await app.register(fastifyCookie);
  registerCsrfCheck(app, sessions);

  await app.register(accountRoutes, ctx);

  await registerWebApp(app, deps.webDir ?? DEFAULT_WEB_DIR);
  return app;
}
