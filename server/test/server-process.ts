import type { ChildProcess } from 'node:child_process';
import { spawnServer, untilAnswers } from '../../deploy/processes.ts';

export { freePort, stopProcess as stopServer } from '../../deploy/processes.ts';

/**
 * `npm start`'s server as its own process, in development on 127.0.0.1:port with `env` added; answers
 * once /api/check does. Its stderr is in the error when it does not start.
 */
export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawnServer({ ...process.env, NODE_ENV: 'development', ...env }, port, [
    'ignore',
    'ignore',
    'pipe',
  ]);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    // generous: a loaded machine may take a minute to migrate and seed PGlite
    await untilAnswers(`http://127.0.0.1:${port}/api/check`, child, 120_000);
    return child;
  } catch (error) {
    throw new Error(`server did not start: ${(error as Error).message}\n${stderr}`);
  }
}
