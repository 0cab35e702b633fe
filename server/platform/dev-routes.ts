import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** Whether the client (as `TRUST_PROXY` lets us see it) is on this machine. */
export function isLoopback(ip: string): boolean {
  return loopback.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}

/**
 * The development routes (outbox, simulated payments) answer clients on this machine only, whatever
 * address the shop listens on: to anyone else they do not exist (404). Register inside their plugin.
 */
export function answerLoopbackOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.ip)) throw notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`);
  });
}
