import type { Context, MiddlewareHandler } from 'hono';
import { VIDEO_FRAME_SOURCES } from '#shared/video';
import type { AppEnv } from '#worker/context';

/**
 * The inline `<script>` and `<style>` elements of the built pages, as CSP hash sources
 * (`'sha256-…'`). The pages are static, so the build lists them once (astro.config.mjs) in
 * CSP_SOURCES_FILE; nothing else inline may run.
 */
export type InlineSources = { scripts: string[]; styles: string[] };

/** Written to dist/ by the build, read by the app through its static assets. */
export const CSP_SOURCES_FILE = 'csp-hashes.json';

const NO_INLINE: InlineSources = { scripts: [], styles: [] };

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** Every inline script (`src`-less) and style element in these pages, hashed as a browser hashes them. */
export async function inlineSourcesOf(pages: string[]): Promise<InlineSources> {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const html of pages) {
    for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (!/\bsrc\s*=/i.test(attrs)) scripts.add(await sha256Source(body));
    }
    for (const [, body = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(await sha256Source(body));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/**
 * What every other answer carries (scripts, styles, images, JSON, redirects): the policy,
 * framing, referrer, isolation and HSTS headers act on a document, and a browser ignores them
 * on a subresource, where they only weigh (a 244-byte bundle once came with ~1.7 KB of them,
 * docs/decisions/0045-speed.md). Only `nosniff` acts on a script or style: it refuses one
 * served with the wrong type. The session cookie is SameSite, so a cross-site `<script
 * src=/api/…>` reads no signed-in answer, and CORP adds nothing there.
 */
export const RESOURCE_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

/**
 * The security headers of an HTML document: set by the app on both runtimes, and written to
 * dist/_headers at build time (astro.config.mjs) for the pages Workers serves straight from
 * its assets without running the app. Inline code runs only if the build listed its hash; the
 * analytics script's origin, when one is configured (PUBLIC_ANALYTICS_SRC, the same setting
 * the pages are built with), is the only foreign origin allowed.
 */
export function securityHeaderSet(analyticsSrc?: string, inline: InlineSources = NO_INLINE): Record<string, string> {
  const analytics = analyticsSrc && URL.canParse(analyticsSrc) ? [new URL(analyticsSrc).origin] : [];
  const sources = (...list: string[]) => list.join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${sources("'self'", ...inline.scripts, ...analytics)}`,
    `style-src ${sources("'self'", ...inline.styles)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${sources("'self'", ...analytics)}`,
    // Lesson videos (src/shared/video.ts): the embed players' origins exactly; a plain MP4/HLS
    // file may live on any https host the admin names, and media cannot run script.
    `frame-src ${sources(...VIDEO_FRAME_SOURCES)}`,
    "media-src 'self' https:",
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
    ...RESOURCE_HEADERS,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'X-Permitted-Cross-Domain-Policies': 'none',
  };
}

/** Whether an answer of this Content-Type is a document, which gets the whole set. */
export const isDocumentType = (contentType: string | null | undefined) => /^text\/html\b/i.test(contentType ?? '');

/** The build's list of inline sources as written to CSP_SOURCES_FILE; none (so no inline code runs) when it is unreadable. */
export function parseInlineSources(text: string): InlineSources {
  try {
    const { scripts, styles } = JSON.parse(text) as Partial<InlineSources>;
    return { scripts: scripts ?? [], styles: styles ?? [] };
  } catch {
    return NO_INLINE;
  }
}

/** The build's list of inline sources, read through the static assets; none when the site is not built. */
async function builtInlineSources(c: Context<AppEnv>): Promise<InlineSources> {
  const res = await c.var.deps.assets.fetch(new Request(new URL(`/${CSP_SOURCES_FILE}`, c.req.url))).catch(() => null);
  return res?.ok ? parseInlineSources(await res.text()) : NO_INLINE;
}

/**
 * Sets the security headers (the document set on HTML, RESOURCE_HEADERS on everything else),
 * computed once per app from the configured analytics origin and the build's inline sources. The value is kept, not the promise of it: on Workers one app serves
 * every request of an isolate, and a request must never wait on another's I/O.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  let headers: [string, string][] | undefined;
  return async (c, next) => {
    const set =
      headers ??
      (headers = Object.entries(securityHeaderSet(c.var.deps.config.PUBLIC_ANALYTICS_SRC, await builtInlineSources(c))));
    await next();
    if (!isDocumentType(c.res.headers.get('content-type'))) {
      for (const [name, value] of Object.entries(RESOURCE_HEADERS)) c.res.headers.set(name, value);
      return;
    }
    for (const [name, value] of set) c.res.headers.set(name, value);
  };
}

/**
 * The Workers Static Assets `_headers` file. `/*` gives every page the document set; Workers
 * adds up every rule a path matches, so the hashed bundles (`/_astro/*`, cached for a year) and
 * the site's other files (`resourcePaths`, such as `/og.png`) detach (`! Name`) what only a
 * document needs, keeping RESOURCE_HEADERS.
 */
export function assetsHeadersFile(
  analyticsSrc?: string,
  inline: InlineSources = NO_INLINE,
  resourcePaths: string[] = [],
): string {
  const document = securityHeaderSet(analyticsSrc, inline);
  const lines = Object.entries(document).map(([name, value]) => `  ${name}: ${value}`);
  const detach = Object.keys(document)
    .filter((name) => !(name in RESOURCE_HEADERS))
    .map((name) => `  ! ${name}`);
  return [
    '/*',
    ...lines,
    '/_astro/*',
    ...detach,
    '  Cache-Control: public, max-age=31536000, immutable',
    ...resourcePaths.flatMap((path) => [path, ...detach]),
    '',
  ].join('\n');
}
