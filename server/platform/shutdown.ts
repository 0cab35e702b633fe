import type { FastifyInstance } from 'fastify';

/**
 * How long a stopping server waits, once nothing is in flight, before it closes the idle keep-alive
 * connections: a client that has just read an answer sends its next request on one of them at once.
 */
export const QUIET_BEFORE_CLOSE_MS = 1000;

/** Resolves after a full turn of the event loop, through a poll phase that did not wait. */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * A graceful stop (`app.close()`, on SIGTERM): Fastify stops listening and answers any request that
 * arrives after that with a 503 and `Connection: close` (and `/readyz` with it, so the balancer sends
 * shoppers elsewhere); requests already in flight finish, their answers closing their connections.
 *
 * Node and Fastify would close the idle keep-alive connections at once. An "idle" connection may hold a
 * request the client has already sent and the server has not read yet (on PGlite, whose queries run on
 * the event loop, it often does), or get one a moment later from a client that has just read an answer:
 * closing it resets that request. So, before the server stops listening, one turn of the event loop
 * accepts the connections already queued and reads what they sent; and the idle connections close only
 * after `quietMs` with nothing in flight, checked after another read of the sockets. Past `graceMs`,
 * whatever is still open is cut so the process can exit.
 */
export function registerGracefulClose(
  app: FastifyInstance,
  graceMs: number,
  quietMs = QUIET_BEFORE_CLOSE_MS,
): void {
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  let inFlight = 0;
  let stopping = false;
  let quiet: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;

  const closeIdleWhenQuiet = () => {
    clearTimeout(quiet);
    if (!stopping || inFlight > 0) return;
    quiet = setTimeout(async () => {
      await afterPoll();
      if (inFlight === 0) closeIdle();
    }, quietMs);
  };

  server.on('request', (_request, response) => {
    inFlight += 1;
    clearTimeout(quiet);
    response.once('close', () => {
      inFlight -= 1;
      closeIdleWhenQuiet();
    });
  });
  // called by Fastify's close and by Node's server.close(): deferred until the drain and the quiet
  server.closeIdleConnections = closeIdleWhenQuiet;

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
  app.addHook('onClose', async () => {
    clearTimeout(deadline);
    clearTimeout(quiet);
  });
}
