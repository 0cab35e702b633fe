import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { CONTROL_FILE } from '../platform/control.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * One of the shop's commands (`npm run staff`, `npm run doctor`) as its own process, through tsx as npm
 * runs it, in the project's folder or `cwd` (a folder with an owner's `.env`); a variable `undefined` in
 * `env` is left out, so the `.env`'s counts.
 */
export async function runScript(
  script: string,
  env: Record<string, string | undefined>,
  args: string[] = [],
  cwd = ROOT,
): Promise<Run> {
  const tsx = import.meta.resolve('tsx');
  const child = spawn(process.execPath, ['--import', tsx, join(ROOT, script), ...args], {
    cwd,
    // DATABASE_URL '' is unset: PGlite in DATA_DIR, unless env names a PostgreSQL
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', ...env },
    // a test that times out leaves no process holding the folder
    timeout: 240_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** The first line of a command's output: the database it works on, named by `env` (no password). */
export function databaseLine(env: Record<string, string | undefined>): string {
  if (!env.DATABASE_URL) return `Database: embedded PGlite in ${env.DATA_DIR}`;
  const { hostname, port, pathname } = new URL(env.DATABASE_URL);
  return `Database: PostgreSQL ${hostname}:${port || '5432'}${pathname}`;
}

/**
 * The control file a shop killed on this PGlite folder leaves behind (platform/control.ts): it names an
 * address nothing listens on any more, so a command must open the folder itself.
 */
export async function leaveStaleControlFile(dataDir: string): Promise<void> {
  expect(existsSync(join(dataDir, CONTROL_FILE))).toBe(false);
  const url = `http://127.0.0.1:${await closedPort()}`;
  writeFileSync(join(dataDir, CONTROL_FILE), JSON.stringify({ url, token: 'gone' }));
}

/** A port nothing listens on any more (free for an app that must know its port before it starts). */
export async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
