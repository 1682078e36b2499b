import type { FastifyInstance } from 'fastify';

/**
 * Helmet's default headers, as @fastify/helmet sent them with our options (its own Content-Security-Policy off,
 * HSTS on https only). They never change while the server runs, so they are written once here and set by one
 * hook, instead of helmet's two hooks and a chain of eleven middlewares on every response. A test holds this
 * list to what helmet itself sends (security-headers.test.ts): a helmet upgrade that changes its defaults fails it.
 */
export function securityHeaders({ https, csp }: { https: boolean; csp: string }): Record<string, string> {
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Every response, ours or a plugin's, starts with these headers; a route may still replace one (the docs page's CSP). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
}
