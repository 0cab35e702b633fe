import type { FastifyInstance } from 'fastify';

/**
 * How long an idle keep-alive connection stays open (Node's default; Fastify's is 72 s). Answers say
 * `Keep-Alive: timeout=5`, so clients stop reusing a connection before the server closes it, and a
 * graceful stop can wait for them to let go instead of closing under a request (nginx: deploy/nginx.conf).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5000;

/** Resolves after a full turn of the event loop, through a poll phase that did not wait. */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** Apps whose close is a graceful stop: their idle connections are left to expire. */
const graceful = new WeakSet<FastifyInstance>();

/**
 * SIGTERM's stop: `app.close()`, except that idle keep-alive connections are not closed by the server
 * but left until their keep-alive timeout (or `SHUTDOWN_GRACE_MS`). Closing one races the request a
 * client may be sending on it that very moment; a client told the timeout lets go of it first.
 */
export async function stopGracefully(app: FastifyInstance): Promise<void> {
  graceful.add(app);
  await app.close();
}

/**
 * The stop of an app (`app.close()`): Fastify stops listening and answers any request that arrives after
 * that with a 503 and `Connection: close` (and `/readyz` with it, so the balancer sends shoppers
 * elsewhere); requests already in flight finish, their answers closing their connections.
 *
 * Node and Fastify would close the idle keep-alive connections at once. An "idle" connection may hold a
 * request the client has already sent and the server has not read yet (on PGlite, whose queries run on
 * the event loop, it often does), or get one a moment later. So, before the server stops listening, one
 * turn of the event loop accepts the connections already queued and reads what they sent; idle
 * connections are closed only once nothing is in flight, after another read of the sockets, and not at
 * all in a graceful stop (`stopGracefully`). Past `graceMs`, whatever is still open is cut.
 */
export function registerGracefulClose(app: FastifyInstance, graceMs: number): void {
  const server = app.server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const closeIdle = server.closeIdleConnections.bind(server);
  let inFlight = 0;
  let stopping = false;
  let deadline: NodeJS.Timeout | undefined;

  const closeIdleWhenDrained = async () => {
    if (!stopping || inFlight > 0 || graceful.has(app)) return;
    await afterPoll();
    if (inFlight === 0) closeIdle();
  };

  server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      void closeIdleWhenDrained();
    });
  });
  // called by Fastify's close and by Node's server.close(): deferred until the drain
  server.closeIdleConnections = () => void closeIdleWhenDrained();

  app.addHook('preClose', async () => {
    stopping = true;
    deadline = setTimeout(() => {
      app.log.warn({ inFlight }, 'shutdown deadline passed: closing the connections still open');
      server.closeAllConnections();
    }, graceMs);
    deadline.unref();
    // connections queued while a query held the loop are accepted, not reset by the closing listener
    await afterPoll();
  });
  app.addHook('onSend', async (_request, reply) => {
    // an answer finished during the stop closes its connection: the client reconnects elsewhere
    if (stopping) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearTimeout(deadline));
}
