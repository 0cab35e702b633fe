import { type ChildProcess, execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../server/config.ts';
import { connectPostgres } from '../server/db/connect.ts';
import { startTestApp } from '../server/test/app.ts';
import { databaseLine } from '../server/test/command-line.ts';
import { databaseKinds } from '../server/test/database.ts';
import { adminUrl } from '../server/test/postgres.ts';
import { buildServer, SERVER_ENTRIES } from './build-server.ts';
import { freePort, spawnCompiledServer, stopProcess, untilAnswers } from './processes.ts';

/**
 * The image cannot be built on machines without Docker, so its facts are checked by reading, and its
 * runtime is tried by running the compiled server from exactly the files the runtime stage copies.
 * compose.yaml and .env.example are checked against the configuration the server reads and the table
 * of docs/configuration.md.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped, grouped by stage. */
function stages(): string[][] {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result: string[][] = [];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) result.push([]);
    result.at(-1)?.push(line);
  }
  return result;
}

/** The sources of a stage's COPY instructions (the last word is the destination). */
function copied(stage: string[], from?: string): string[] {
  return stage
    .filter((line) => /^COPY\s/i.test(line))
    .map((line) => line.split(/\s+/).slice(1))
    .filter((words) => (from ? words.includes(`--from=${from}`) : !words.some((w) => w.startsWith('--'))))
    .flatMap((words) => words.filter((w) => !w.startsWith('--')).slice(0, -1));
}

/** What the runtime stage copies from the build stage, as paths of the project. */
const runtimePaths = () => copied(stages()[1] ?? [], 'build').map((path) => relative('/app', path));

const dockerIgnored = () =>
  read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

const PACKAGE = JSON.parse(read('package.json'));
const PRODUCTION = new Set(Object.keys(PACKAGE.dependencies ?? {}));
const BUILTIN = new Set(builtinModules);

/** Specifiers a TypeScript file loads at run time (`import type` is erased, so it is left out). */
function runtimeImports(source: string): string[] {
  const statics = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  const dynamics = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...source.matchAll(statics), ...source.matchAll(dynamics)].map((match) => match[1] ?? '');
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package reached from `entries` by their imports: the compiled server leaves them to node_modules. */
function packagesLoaded(entries: string[]): Set<string> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.[cm]?tsx?$/.test(file)) return;
    for (const specifier of runtimeImports(readFileSync(join(ROOT, file), 'utf8'))) {
      if (specifier.startsWith('.')) {
        const target = resolve(ROOT, dirname(file), specifier);
        if (!existsSync(target) || !statSync(target).isFile())
          throw new Error(`${file}: cannot find ${specifier}`);
        visit(relative(ROOT, target));
      } else if (!specifier.startsWith('node:') && !BUILTIN.has(specifier)) {
        packages.add(packageName(specifier));
      }
    }
  };
  for (const entry of entries) visit(entry);
  return packages;
}

interface ComposeService {
  image?: string;
  build?: unknown;
  env_file?: string | string[];
  environment?: Record<string, string>;
  volumes?: string[];
  stop_grace_period?: string;
  networks?: Record<string, { ipv4_address?: string } | null>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = Object.entries(compose.services);
/** The services that run haat's image: the one that builds it and those that run what it built. */
const builders = services.filter(([, service]) => service.build !== undefined);
const haatImage = builders[0]?.[1].image;
const instances = services.filter(([, service]) => service.image === haatImage);

/** .env.example's variables: set (`NAME=value`) or shown with their default (`# NAME=value`). */
function envExample(): { set: Map<string, string>; shown: Set<string> } {
  const set = new Map<string, string>();
  const shown = new Set<string>();
  for (const line of read('.env.example').split('\n')) {
    const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    const [, commented, name = '', value = ''] = match;
    shown.add(name);
    if (!commented) set.set(name, value);
  }
  return { set, shown };
}

/** The variables named in the first column of docs/configuration.md's table. */
function documentedVariables(): Set<string> {
  const rows = read('docs/configuration.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return new Set(
    rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''),
    ),
  );
}

/** The names loadConfig reads from the environment, in development and in a complete production. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const recording = (values: Record<string, string>) =>
    new Proxy(values, {
      get(target, name) {
        if (typeof name === 'string') names.add(name);
        return target[name as string];
      },
    });
  loadConfig(recording({ NODE_ENV: 'development' }));
  loadConfig(
    recording({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://shop.haat.example',
      MSG91_AUTH_KEY: 'msg91-auth-key',
      MSG91_TEMPLATE_ID: 'otp-template',
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      METRICS_PORT: '9464',
    }),
  );
  return names;
}

describe('Dockerfile', () => {
  const [build = [], runtime = []] = stages();

  it('builds in two stages and runs the compiled server as an unprivileged user, with its data on a volume', () => {
    expect(stages()).toHaveLength(2);
    expect(runtime).toContain('USER node');
    expect(runtime.some((line) => /^VOLUME\s+\/data$/.test(line))).toBe(true);
    expect(runtime.some((line) => /\bDATA_DIR=\/data\b/.test(line))).toBe(true);
    expect(runtime).toContain('CMD ["node", "dist/server/main.js"]');
    expect(SERVER_ENTRIES.main).toBe('server/main.ts');
    // `npm start` runs what the image runs, after the same build
    expect(PACKAGE.scripts.start).toMatch(/^npm run build && node .*dist\/server\/main\.js$/);
    expect(PACKAGE.scripts.build).toContain('deploy/build-server.ts');
  });

  it('copies only files that exist and that .dockerignore lets into the build', () => {
    const ignored = dockerIgnored();
    for (const source of copied(build)) {
      expect(existsSync(join(ROOT, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source.split('/')[0]);
    }
    // the runtime takes the build stage's files: the project's, or what `npm run build` writes (dist/)
    expect(build).toContain('RUN npm run build && npm prune --omit=dev');
    for (const path of runtimePaths()) {
      if (path !== 'dist') expect(existsSync(join(ROOT, path)), path).toBe(true);
    }
  });

  it('keeps every package the compiled server loads after npm prune --omit=dev', () => {
    const dev = [...packagesLoaded(Object.values(SERVER_ENTRIES))].filter((name) => !PRODUCTION.has(name));
    expect(dev, 'packages not in dependencies').toEqual([]);
  });

  it('checks its health at a route that answers 200', async () => {
    const healthcheck = runtime.find((line) => /^HEALTHCHECK\s/i.test(line)) ?? '';
    const path = /\+'(\/[\w/]+)'/.exec(healthcheck)?.[1];
    expect(path).toBe('/healthz');
    const shop = await startTestApp('pglite');
    try {
      expect((await fetch(`${shop.baseUrl}${path}`)).status).toBe(200);
    } finally {
      await shop.close();
    }
  });
});

/** A new, empty database on TEST_DATABASE_URL's server, as a production start finds it. */
async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL ?? '';
  const name = `haat_compiled_${process.pid}`;
  const admin = connectPostgres(server, 1);
  const drop = () => sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
  await drop();
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  return {
    url: adminUrl(server, name),
    drop: async () => {
      await drop();
      await admin.close();
    },
  };
}

describe('the compiled server', () => {
  // the runtime stage's /app, laid out from the paths it copies (node_modules linked: it is large)
  const app = mkdtempSync(join(tmpdir(), 'haat-image-'));
  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist/web/index.html')), 'dist/web: run `npm run build` first').toBe(true);
    await buildServer();
    for (const path of runtimePaths()) {
      mkdirSync(dirname(join(app, path)), { recursive: true });
      if (path === 'node_modules') symlinkSync(join(ROOT, path), join(app, path), 'dir');
      else cpSync(join(ROOT, path), join(app, path), { recursive: true });
    }
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  for (const kind of databaseKinds()) {
    it(`runs from the image's files alone on an empty ${kind}: migrations, the staff command, the demo shop`, async () => {
      expect(existsSync(join(app, 'server/main.ts')), 'no TypeScript source in the image').toBe(false);
      const database = kind === 'postgres' ? await emptyPostgres() : undefined;
      const dataDir = mkdtempSync(join(tmpdir(), 'haat-image-data-'));
      const env = {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        HAAT_DEMO: 'on',
        DATA_DIR: dataDir,
        ...(database && { DATABASE_URL: database.url }),
      };
      const run = (script: string, ...args: string[]) =>
        promisify(execFile)(process.execPath, [`dist/server/${script}.js`, ...args], { cwd: app, env });
      const port = await freePort();
      let stderr = '';
      let server: ChildProcess | undefined;
      try {
        expect((await run('migrate')).stdout).toMatch(/^haat: applied 001_schema, /);
        server = spawnCompiledServer(env, port, ['ignore', 'ignore', 'pipe'], app);
        server.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        const url = `http://127.0.0.1:${port}`;
        await untilAnswers(`${url}/readyz`, server, 150_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${stderr}`);
        });
        const check = await fetch(`${url}/api/check`);
        expect(check.status).toBe(200);
        expect((await check.json()).csrfToken).toMatch(/\S{20,}/);

        const home = await fetch(`${url}/home`);
        expect(home.status).toBe(200);
        expect((await home.json()).length).toBeGreaterThan(0);

        // counted by the facet index, on the thread whose script the build wrote beside the server
        const search = await (await fetch(`${url}/api/search?q=saree`)).json();
        expect(search.noOfEntries).toBeGreaterThan(0);
        expect(Object.keys(search.filterCounts)).toContain('color');
        // a photo the demo drew at start
        const photo = await fetch(`${url}/images/${search.prods[0].photo1}`);
        expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/webp']);

        // the shop's page and the back office's, from dist/web
        const page = await fetch(`${url}/`);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await page.text()).toContain('<div id="root">');
        expect(await (await fetch(`${url}/admin/`)).text()).toContain('/admin/assets/');

        // the staff command reaches the running shop (PGlite's through DATA_DIR)
        await run('staff', 'add', '--phone', '9876543210', '--name', 'Asha Rao', '--role', 'owner');
        expect((await run('staff', 'list')).stdout).toBe(
          `${databaseLine(env)}\nAsha Rao\t9876543210\towner\n`,
        );
      } finally {
        if (server) await stopProcess(server);
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect(server.exitCode, stderr).toBe(0);
    }, 240_000);
  }
});

describe('compose.yaml', () => {
  it('builds the image once and runs it as three instances, every one behind nginx', () => {
    expect(builders.map(([name]) => name)).toEqual(['haat1']);
    expect(haatImage).toBeTruthy();
    expect(instances.map(([name]) => name)).toEqual(['haat1', 'haat2', 'haat3']);
    const upstream = [...read('deploy/nginx.conf').matchAll(/^\s*server (\w+):3000\b/gm)].map((m) => m[1]);
    expect(upstream).toEqual(['haat1', 'haat2', 'haat3']);
    for (const [name, service] of instances) {
      expect(service.volumes, name).toEqual(['haat-data:/data']);
      expect(service.env_file, name).toBe('.env');
    }
  });

  it('mounts nginx files that exist where nginx.conf includes them, and waits out a graceful stop', () => {
    const mounts = (compose.services.nginx?.volumes ?? []).map((volume) => volume.split(':'));
    expect(mounts.length).toBeGreaterThan(0);
    for (const [source = ''] of mounts) expect(existsSync(join(ROOT, source)), source).toBe(true);
    const front = mounts.find(([source]) => source === './deploy/nginx-front.conf')?.[1];
    expect(read('deploy/nginx.conf')).toContain(`include ${front};`);

    const { shutdownGraceMs } = loadConfig({ NODE_ENV: 'test' });
    for (const [name, service] of instances) {
      expect(Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]) * 1000, name).toBeGreaterThan(
        shutdownGraceMs,
      );
    }
  });
});

describe('configuration: the server, docs/configuration.md, .env.example and compose.yaml', () => {
  const documented = documentedVariables();
  const example = envExample();

  it("documents every variable the server reads in docs/configuration.md's table", () => {
    const names = variablesRead();
    expect(names.size).toBeGreaterThan(30);
    expect([...names].filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !names.has(name))).toEqual([]);
  });

  it('shows every documented variable in .env.example, which every instance is given', () => {
    expect([...documented].filter((name) => !example.shown.has(name))).toEqual([]);
    for (const required of ['SESSION_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'PUBLIC_URL', 'MSG91_SENDER'])
      expect(example.set.has(required), required).toBe(true);
    // compose.yaml sets only what its topology decides; .env.example leaves those commented out
    for (const [name, service] of instances) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(example.shown.has(variable), `${name}: ${variable}`).toBe(true);
        expect(example.set.has(variable), `${name}: ${variable}`).toBe(false);
      }
    }
  });

  it("leaves the image's own settings alone and trusts only compose's nginx", () => {
    const runtime = stages()[1] ?? [];
    const env = (runtime.find((line) => /^ENV\s/.test(line)) ?? '').split(/\s+/).slice(1);
    expect(env.length).toBeGreaterThan(0);
    for (const [name = '', value] of env.map((pair) => pair.split('='))) {
      if (example.set.has(name)) expect(example.set.get(name), name).toBe(value);
    }
    const nginx = compose.services.nginx?.networks?.default?.ipv4_address;
    expect(nginx).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(example.set.get('TRUST_PROXY')).toBe(nginx);
  });
});
