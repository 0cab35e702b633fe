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

/** One of the shop's commands (`npm run staff`, `npm run doctor`) as its own process, through tsx as npm runs it. */
export async function runScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
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
