import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

// a data block (a page's JSON-LD, decision 021) is never run, so the policy need not allow it
const INLINE_SCRIPT =
  /<script\b(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/gi;

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP sources of the page's inline scripts (the build's preload script): allowed by hash, nothing else. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => cspHash(body ?? ''));
}

/** The built page's inline script hashes; none without a build (the API alone serves no page). */
function builtPageHashes(webDir: string): string[] {
  const indexFile = join(webDir, 'index.html');
  return existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
}

/** Our own origin, the page's inline scripts by hash, and the payment gateway's hosts. */
function contentSecurityPolicy(scriptHashes: string[]) {
  return {
    defaultSrc: [SELF],
    baseUri: [SELF],
    objectSrc: ["'none'"],
    scriptSrc: [SELF, ...scriptHashes, ...RAZORPAY.script],
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
export function registerSecurityHeaders(app: FastifyInstance, config: Config, webDir: string): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(builtPageHashes(webDir)),
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
