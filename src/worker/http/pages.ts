import type { Context } from 'hono';
import type { AppEnv } from '#worker/context';

/** Old and alternative addresses of pages, answered with a permanent redirect. */
function redirectFor(path: string): string | null {
  if (path === '/vilkår' || path === '/vilkår/') return '/vilkar';
  const module = /^\/guide\/(?:module\/)?([^/]+)\/?$/.exec(path);
  const id = module?.[1];
  if (id && !RESERVED_GUIDE_PATHS.has(id)) return `/guide/lessons/${id}`;
  return null;
}

/** Pages that live under /guide/ and are not module ids. */
const RESERVED_GUIDE_PATHS = new Set(['login', 'auth', 'lessons', 'module']);

/** Dynamic routes served by one pre-rendered shell whose island reads the URL. */
function shellFor(path: string): string | null {
  if (/^\/guide\/lessons\/[^/]+\/?$/.test(path)) return '/guide/lessons';
  return null;
}

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

/** Paths the app answers itself (redirects, shells) even where a file of that name might exist. */
export function routedByApp(path: string): boolean {
  return redirectFor(path) !== null || shellFor(path) !== null;
}

/** Serves the static build, mapping dynamic routes onto their shells; anything unknown gets the 404 page with status 404. */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const path = safeDecode(c.req.path);
  const target = redirectFor(path);
  if (target) return c.redirect(target + new URL(c.req.url).search, 301);

  const shell = shellFor(path);
  const res = shell ? await fetchAsset(c, shell) : await c.var.deps.assets.fetch(c.req.raw);
  // A fresh Response: the assets binding's own has immutable headers, and ours get security headers.
  if (res.status !== 404) return new Response(res.body, res);

  const page = await fetchAsset(c, '/404.html', false);
  return new Response(page.body, { status: 404, headers: page.headers });
}
