import type { FastifyRequest } from 'fastify';
import { safeEqual } from './crypto.ts';
import { AppError, notFound } from './errors.ts';

/**
 * The back office answers only a bearer of ADMIN_TOKEN. With no token configured it is off,
 * and its paths answer 404 as if they did not exist.
 */
export function adminGuard(adminToken: string | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!adminToken) throw notFound('Not found');
    const header = request.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1] || !safeEqual(match[1], adminToken)) {
      throw new AppError(401, 'A valid back-office token is required', { 'www-authenticate': 'Bearer' });
    }
  };
}
