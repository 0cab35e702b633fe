import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { startTestApp } from '../server/test/app.ts';

/**
 * The image cannot be built on machines without Docker, so its facts are checked by reading: what the
 * Dockerfile copies exists, the runtime stage holds every file and package its commands load, the
 * HEALTHCHECK asks a real route, and compose.yaml's files and stop period fit the app.
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

const dockerIgnored = () =>
  read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

const PRODUCTION = new Set(Object.keys(JSON.parse(read('package.json')).dependencies ?? {}));
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

/** Every project file and package reached from `entries` by its imports. */
function importGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
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
  return { files, packages };
}

const isUnder = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

describe('Dockerfile and compose.yaml', () => {
  const [build = [], runtime = []] = stages();
  const runtimePaths = copied(runtime, 'build').map((path) => relative('/app', path));
  const cmd = runtime.find((line) => /^CMD\s/i.test(line)) ?? '';
  const compose = read('compose.yaml');
  /** the files the image's commands run: its CMD and compose's migrate service */
  const entries = [...`${cmd}\n${compose}`.matchAll(/"(server\/[\w/.-]+\.ts)"/g)].map((m) => m[1] ?? '');

  it('builds in two stages and runs as an unprivileged user, with its data on a volume', () => {
    expect(stages()).toHaveLength(2);
    expect(runtime).toContain('USER node');
    expect(runtime.some((line) => /^VOLUME\s+\/data$/.test(line))).toBe(true);
    expect(runtime.some((line) => /\bDATA_DIR=\/data\b/.test(line))).toBe(true);
  });

  it('copies only files that exist and that .dockerignore lets into the build', () => {
    const ignored = dockerIgnored();
    for (const source of copied(build)) {
      expect(existsSync(join(ROOT, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source.split('/')[0]);
    }
    // the runtime takes the build stage's files: the project's, or what `npm run build` writes (dist/)
    expect(build).toContain('RUN npm run build && npm prune --omit=dev');
    for (const path of runtimePaths) {
      if (path !== 'dist') expect(existsSync(join(ROOT, path)), path).toBe(true);
    }
  });

  it('holds every file and production package its commands load', () => {
    expect(entries).toEqual(expect.arrayContaining(['server/main.ts', 'server/db/migrate-cli.ts']));
    const { files, packages } = importGraph(entries);
    const missing = [...files].filter((file) => !runtimePaths.some((path) => isUnder(file, path)));
    expect(missing, 'files the runtime stage does not copy').toEqual([]);
    // npm prune --omit=dev: a package in devDependencies is gone at run time (tsx runs the TypeScript)
    const dev = [...packages, 'tsx'].filter((name) => !PRODUCTION.has(name));
    expect(dev, 'packages not in dependencies').toEqual([]);
    // read from the disk rather than imported
    for (const path of ['server/db/migrations', 'package.json', 'dist'])
      expect(
        runtimePaths.some((copy) => isUnder(path, copy)),
        path,
      ).toBe(true);
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

  it('mounts nginx files that exist where nginx.conf includes them, and waits out a graceful stop', () => {
    const mounts = [...compose.matchAll(/- \.\/(deploy\/[\w.-]+):(\/[\w/.-]+):ro/g)];
    expect(mounts.length).toBeGreaterThan(0);
    for (const [, source = ''] of mounts) expect(existsSync(join(ROOT, source)), source).toBe(true);
    const front = mounts.find(([, source]) => source === 'deploy/nginx-front.conf')?.[2];
    expect(read('deploy/nginx.conf')).toContain(`include ${front};`);

    const grace = Number(/stop_grace_period:\s*(\d+)s/.exec(compose)?.[1]) * 1000;
    const { shutdownGraceMs } = loadConfig({ NODE_ENV: 'test' });
    expect(grace).toBeGreaterThan(shutdownGraceMs);
  });
});
