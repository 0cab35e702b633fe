import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Routes that take a few short fields (accounts, bag, wishlist, pincode check) need no more. */
export const SMALL_BODY_LIMIT = 16 * 1024;

/** A body of a few numbers and short words (a listing's page and sort, a colour's key): a 1 MB array is refused unread. */
export const TINY_BODY_LIMIT = 1024;

/** A product as the owner edits it (a description of 5,000 characters, features, sizes), or a payment provider's event. */
export const MEDIUM_BODY_LIMIT = 64 * 1024;

/** The app-wide limit (the contract's "JSON bodies over 1 MB answer 413"), which the shop's policies need. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** How much of a body we answered early is read and dropped; past it, the connection is cut. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

/** The plugin's routes accept bodies of at most SMALL_BODY_LIMIT, unless a route says otherwise. */
export function keepBodiesSmall(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= SMALL_BODY_LIMIT;
  });
}

/**
 * An answer sent before the request's body has all arrived (a 413, a 403 before the body is read) must
 * still reach a client that is sending: closing a socket with unread bytes makes the kernel reset it, and
 * the reset can throw the answer away before the client reads it. So the rest of such a body is read
 * and dropped, up to DRAIN_LIMIT, and the connection stays open (Fastify closes it after a parse error).
 */
export function registerBodyDrain(app: FastifyInstance): void {
  const draining = new WeakSet<IncomingMessage>();
  // a callback hook: every answer passes here, and most need nothing
  app.addHook('onSend', (request, reply, payload, done) => {
    const message = request.raw;
    if (!message.complete && !draining.has(message)) {
      draining.add(message);
      reply.removeHeader('connection');
      drain(message);
    }
    done(null, payload);
  });
}

function drain(message: IncomingMessage): void {
  // a form parser left waiting on a part nobody reads would hold the body back
  message.unpipe();
  let dropped = 0;
  message.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT) message.destroy();
  });
  message.resume();
}
