import type { Context } from 'hono';
import { modulePath } from '#shared/paths';
import type { AppEnv } from '#worker/context';

/** Old and alternative addresses of pages, answered with a permanent redirect. */
function redirectFor(path: string): string | null {
  if (path === '/vilkår' || path === '/vilkår/') return '/vilkar';
  const module = /^\/guide\/(?:module\/)?([^/]+)\/?$/.exec(path);
  const id = module?.[1];
  if (id && !RESERVED_GUIDE_PATHS.has(id)) return modulePath(id);
  return null;
}

/** Pages that live under /guide/ and are not module ids. */
const RESERVED_GUIDE_PATHS = new Set(['login', 'auth', 'lessons', 'module']);

/** Dynamic routes served by one pre-rendered shell whose island reads the URL. */
function shellFor(path: string): string | null {
  if (/^\/guide\/lessons\/[^/]+\/?$/.test(path)) return '/guide/lessons';
  return null;
}

async function fetchAsset(c: Context<AppEnv>, path: string): Promise<Response> {
  return c.var.deps.assets.fetch(new Request(new URL(path, c.req.url), { headers: c.req.raw.headers }));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Control characters (CR, LF …) are in no page's address; echoed into a header they would split it. */
const CONTROL = /[\u0000-\u001f\u007f]/;

async function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  const page = await fetchAsset(c, '/404.html');
  return new Response(page.body, { status: 404, headers: page.headers });
}

/** Serves the static build, mapping dynamic routes onto their shells; anything unknown gets the 404 page with status 404. */
export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const path = safeDecode(c.req.path);
  if (CONTROL.test(path)) return notFoundPage(c);
  const target = redirectFor(path);
  if (target) return c.redirect(target + new URL(c.req.url).search, 301);

  const shell = shellFor(path);
  const res = shell ? await fetchAsset(c, shell) : await c.var.deps.assets.fetch(c.req.raw);
  // A fresh Response: the assets binding's own has immutable headers, and ours get security headers.
  if (res.status !== 404) return new Response(res.body, res);
  return notFoundPage(c);
}
