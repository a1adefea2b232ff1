import type { Context } from 'hono';
import { modulePath, PATHS } from '#shared/paths';
import type { AppEnv } from '#worker/context';

/** Pages under /guide/ that are not module ids: the module routes and every page named in PATHS. */
const RESERVED_GUIDE_PATHS = new Set([
  'lessons',
  'module',
  ...Object.values(PATHS).flatMap((path) => /^\/guide\/([^/]+)$/.exec(path)?.[1] ?? []),
]);

/**
 * The pages the app answers itself rather than as plain static files: old addresses that
 * redirect, and dynamic routes served by one pre-rendered shell whose island reads the URL.
 * `example` is a path each rule handles; a test checks that wrangler.toml routes it to the Worker.
 */
export const PAGE_ROUTES = [
  {
    example: PATHS.termsLegacy,
    redirect: (path: string) => (path === PATHS.termsLegacy || path === `${PATHS.termsLegacy}/` ? PATHS.terms : null),
  },
  {
    example: '/guide/module/mindset',
    redirect: (path: string) => {
      const id = /^\/guide\/(?:module\/)?([^/]+)\/?$/.exec(path)?.[1];
      return id && !RESERVED_GUIDE_PATHS.has(id) ? modulePath(id) : null;
    },
  },
  {
    example: '/guide/lessons/mindset',
    shell: (path: string) => (/^\/guide\/lessons\/[^/]+\/?$/.test(path) ? '/guide/lessons' : null),
  },
  {
    example: '/sertifikat/abcdefghijklmnopqrst',
    shell: (path: string) => (/^\/sertifikat\/[^/]+\/?$/.test(path) ? PATHS.certificate : null),
  },
] as const;

/** Another file in the request's place; `conditional: false` drops If-None-Match, whose ETag named a different file. */
async function fetchAsset(c: Context<AppEnv>, path: string, conditional = true): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  if (!conditional) headers.delete('if-none-match');
  return c.var.deps.assets.fetch(new Request(new URL(path, c.req.url), { headers }));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Control characters (CR, LF …) are in no page's address; echoed into a header they would split it. */
const CONTROL = /\p{Cc}/u;

/** Paths the app answers itself (redirects, shells) even where a file of that name might exist. */
export function routedByApp(path: string): boolean {
  return PAGE_ROUTES.some((route) => ('redirect' in route ? route.redirect(path) : route.shell(path)) !== null);
}

/** The static 404 page with status 404 (unknown paths, refused links). */
export async function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  const page = await fetchAsset(c, '/404.html', false);
  return new Response(page.body, { status: 404, headers: page.headers });
}

/** Serves the static build, mapping dynamic routes onto their shells; anything unknown gets the 404 page with status 404. */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const path = safeDecode(c.req.path);
  if (CONTROL.test(path)) return notFoundPage(c);
  for (const route of PAGE_ROUTES) {
    const target = 'redirect' in route ? route.redirect(path) : null;
    if (target) return c.redirect(target + new URL(c.req.url).search, 301);
  }
  const shell = PAGE_ROUTES.map((route) => ('shell' in route ? route.shell(path) : null)).find(Boolean);
  const res = shell ? await fetchAsset(c, shell) : await c.var.deps.assets.fetch(c.req.raw);
  // A fresh Response: the assets binding's own has immutable headers, and ours get security headers.
  if (res.status !== 404) return new Response(res.body, res);
  return notFoundPage(c);
}
