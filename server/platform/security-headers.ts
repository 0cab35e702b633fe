import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

const SELF = "'self'";

/**
 * What Razorpay's checkout needs of the page, as Razorpay lists it for shops with a CSP: checkout.js and
 * its risk script, the checkout frame, its logging calls and logos; its overlay brings its own <style>.
 * Allowed whatever the configured gateway, so development and tests run the policy production sends.
 */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com'],
  connect: ['https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
  style: ["'unsafe-inline'"],
};

// helmet reports a bad option when it is built, never while it sets headers
const noError = () => undefined;

/**
 * Our own origin and the payment gateway's hosts. No inline script runs: the built pages have none (a
 * page's JSON-LD is data, never run).
 */
function contentSecurityPolicy() {
  return {
    defaultSrc: [SELF],
    baseUri: [SELF],
    objectSrc: ["'none'"],
    scriptSrc: [SELF, ...RAZORPAY.script],
    styleSrc: [SELF, ...RAZORPAY.style],
    // the favicon is a data: URL
    imgSrc: [SELF, 'data:', ...RAZORPAY.img],
    connectSrc: [SELF, ...RAZORPAY.connect],
    frameSrc: [SELF, ...RAZORPAY.frame],
    formAction: [SELF],
    frameAncestors: ["'none'"],
  };
}

/**
 * Security headers on every answer, set by helmet. helmet itself rather than @fastify/helmet: that plugin
 * builds helmet's middleware anew for every request (about 6 µs, a fifth of a cached answer's time) and,
 * as a hook, misses the answers Fastify gives before routing (a malformed URL's 400); this builds it once
 * and sets the headers as the HTTP server takes each request. HSTS only in production, served over HTTPS.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(),
    },
    // Razorpay's bank and 3-D Secure windows report back to the checkout frame that opened them
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity:
      config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.server.prependListener('request', (request, response) => setHeaders(request, response, noError));
}
