import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { notFoundPage } from '#worker/http/pages';
import { sessionToken } from '#worker/http/session';
import { recordClick } from './click';

/** A browser fetching a page ahead of the reader (speculation rules, link prefetch) has not clicked it. */
const isPrefetch = (headers: Headers) =>
  /prefetch|prerender/i.test(`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`);

/**
 * /r/{token}: a marketing mail's counted link (click.ts). A good token is counted and redirected
 * (302, never cached); anything else gets the plain 404 page: never a redirect to an address we did
 * not sign.
 */
export const clickRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '/:token', async (c) => {
  const target = await recordClick(c.var.deps, {
    token: c.req.param('token'),
    sessionToken: sessionToken(c),
    count: c.req.method === 'GET' && !isPrefetch(c.req.raw.headers),
  });
  if (target === null) return notFoundPage(c);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(target, 302);
});
