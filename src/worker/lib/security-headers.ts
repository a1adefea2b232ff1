import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers for every response the app serves. Static files served straight from Workers
 * assets get the same set from public/_headers (kept in step by a test).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Astro's island loader is an inline script; the analytics script comes from its own host.
  "script-src 'self' 'unsafe-inline' https://plausible.io",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' https://plausible.io",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
});
