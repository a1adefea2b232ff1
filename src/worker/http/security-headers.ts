import type { MiddlewareHandler } from 'hono';

/**
 * The security headers of every response: set by the app on both runtimes, and written to
 * dist/_headers at build time (astro.config.mjs) for the files Workers serves straight from
 * its assets without running the app. The analytics script's origin, when one is configured
 * (PUBLIC_ANALYTICS_SRC, the same setting the pages are built with), is the only foreign
 * origin allowed.
 */
export function securityHeaderSet(analyticsSrc?: string): Record<string, string> {
  const analytics = analyticsSrc && URL.canParse(analyticsSrc) ? ` ${new URL(analyticsSrc).origin}` : '';
  const csp = [
    "default-src 'self'",
    // Astro's island loader is an inline script.
    `script-src 'self' 'unsafe-inline'${analytics}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${analytics}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'X-Permitted-Cross-Domain-Policies': 'none',
  };
}

export function securityHeaders(analyticsSrc?: string): MiddlewareHandler {
  const headers = Object.entries(securityHeaderSet(analyticsSrc));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}

/** The Workers Static Assets `_headers` file: the same set for every path, and long caching for hashed bundles. */
export function assetsHeadersFile(analyticsSrc?: string): string {
  const lines = Object.entries(securityHeaderSet(analyticsSrc)).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...lines, '/_astro/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n');
}
