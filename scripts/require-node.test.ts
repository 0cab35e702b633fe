import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHECK = fileURLToPath(new URL('require-node.mjs', import.meta.url));

/** The check as npm's pre-scripts run it, on this Node, optionally told to judge another version. */
async function check(...version: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CHECK, ...version]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('the Node.js version check', () => {
  it('passes quietly on the Node the tests run on, which is 24 or later', async () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    expect(await check()).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await check('24.0.0')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await check('26.1.0')).code).toBe(0);
  });

  it('stops an older Node with one sentence saying what is needed and how to get it', async () => {
    for (const version of ['20.20.2', 'v22.12.0', '23.11.1']) {
      expect(await check(version)).toEqual({
        code: 1,
        stdout: '',
        stderr: `haat needs Node.js 24 or later (this is ${version}): install it from nodejs.org or with \`nvm install 24\`, then run npm install again.\n`,
      });
    }
  });
});
