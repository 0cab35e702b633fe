import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop (`app.close()`, on SIGTERM): Fastify stops listening and answers any request that
 * arrives after that with a 503 and `Connection: close` (and `/readyz` with it, so the balancer sends
 * shoppers elsewhere); requests already in flight finish, their answers closing their connections.
 * Fastify and Node would also close the idle keep-alive connections at once, racing any request a client
 * is sending on one; here they stay open until the last request in flight is answered, then close. Past
 * `graceMs`, whatever is still open is cut so the process can exit.
 */
export function registerGracefulClose(app: FastifyInstance, graceMs: number): void {
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  let inFlight = 0;
  let stopping = false;
  let deadline: NodeJS.Timeout | undefined;
  const closeIdleWhenDrained = () => {
    if (stopping && inFlight === 0) closeIdle();
  };

  server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      closeIdleWhenDrained();
    });
  });
  // called by Fastify's close and by Node's server.close(): deferred until the drain
  server.closeIdleConnections = closeIdleWhenDrained;

  app.addHook('preClose', async () => {
    stopping = true;
    deadline = setTimeout(() => {
      app.log.warn({ inFlight }, 'shutdown deadline passed: closing the connections still open');
      server.closeAllConnections();
    }, graceMs);
    deadline.unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    // an answer finished during the stop closes its connection: the client reconnects elsewhere
    if (stopping) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearTimeout(deadline));
}
