import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from './crypto.ts';
import { isLoopback } from './dev-routes.ts';

/** Where a running shop on PGlite tells the command line how to reach it (only its user can read it). */
export const CONTROL_FILE = 'shop-control.json';

export interface ControlAddress {
  url: string;
  token: string;
}

/**
 * PGlite admits one process to its folder, so while a shop runs on a DATA_DIR, `npm run staff` asks the
 * shop instead of opening the folder (decision 012). At start the shop writes its loopback URL and a
 * random token to DATA_DIR/shop-control.json (mode 0600), and removes it at close; a back-office call
 * bearing that token from this machine acts as the command line.
 */
export class ShopControl {
  readonly token = randomToken();

  constructor(private readonly dataDir: string) {}

  /** Whether the request carries the token and comes from this machine (not through a proxy). */
  admits(request: FastifyRequest, bearer: string): boolean {
    const local = isLoopback(request.ip) || request.ip === request.socket.localAddress;
    return local && safeEqual(bearer, this.token);
  }

  /** Writes the file once the shop listens, removes it once it closes. */
  register(app: FastifyInstance): void {
    const file = join(this.dataDir, CONTROL_FILE);
    app.addHook('onListen', async () => {
      const url = loopbackUrl(app.server.address() as AddressInfo);
      rmSync(file, { force: true });
      // 'wx': created here, so the mode is ours and never a leftover's
      writeFileSync(file, JSON.stringify({ url, token: this.token }), { mode: 0o600, flag: 'wx' });
    });
    app.addHook('onClose', async () => rmSync(file, { force: true }));
  }
}

/** A wildcard address is reached on loopback; a specific one as it is. */
function loopbackUrl({ address, family, port }: AddressInfo): string {
  if (address === '0.0.0.0' || address === '::') return `http://127.0.0.1:${port}`;
  return family === 'IPv6' ? `http://[${address}]:${port}` : `http://${address}:${port}`;
}

/** The running shop's control address in `dataDir`, or undefined when no shop has left one. */
export function readControl(dataDir: string): ControlAddress | undefined {
  let text: string;
  try {
    text = readFileSync(join(dataDir, CONTROL_FILE), 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<ControlAddress>;
  if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string') {
    throw new Error(`${join(dataDir, CONTROL_FILE)} is not a shop's control file`);
  }
  return { url: parsed.url, token: parsed.token };
}
