import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#shared/constants';
import { nb } from '#shared/copy/nb';
import { PATHS } from '#shared/paths';
import { magicLinkRequestSchema, verifyCodeSchema, verifyQuerySchema, type SignInResponse } from '#shared/schemas/auth';
import type { AppEnv } from '#worker/context';
import { unauthenticated } from '#worker/http/errors';
import { RATE_RULES } from '#worker/http/rate-limit';
import { setSessionCookie } from '#worker/http/session';
import { jsonBody, queryParams } from '#worker/http/validate';
import { sendMagicLink, signInWithCode, signInWithToken } from './magic-link';
import { publicUser } from './public-user';
import { endSession, type SignInResult } from './sessions';

function signedIn(c: Context<AppEnv>, result: SignInResult) {
  setSessionCookie(c, result.sessionToken);
  const body: SignInResponse = {
    sessionToken: result.sessionToken,
    user: publicUser(result.user),
    redirectTo: result.redirect ?? (result.user.isAdmin ? PATHS.admin : PATHS.guide),
  };
  return c.json(body);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/magic-link', jsonBody(magicLinkRequestSchema), async (c) => {
    const { deps } = c.var;
    const input = c.req.valid('json');
    await deps.rateLimit(`magic-link:ip:${deps.clientIp(c)}`, RATE_RULES.magicLinkPerIp);
    await deps.rateLimit(`magic-link:email:${input.email}`, RATE_RULES.magicLinkPerEmail);
    await sendMagicLink(deps, {
      email: input.email,
      firstName: input.firstName,
      redirect: input.redirect ?? (input.isAdminLogin ? PATHS.admin : undefined),
    });
    return c.json({ message: nb.auth.linkSentMessage });
  })
  .get('/verify', queryParams(verifyQuerySchema), async (c) => {
    const { deps } = c.var;
    await deps.rateLimit(`verify:ip:${deps.clientIp(c)}`, RATE_RULES.verifyPerIp);
    return signedIn(c, await signInWithToken(deps, c.req.valid('query')));
  })
  .post('/verify-code', jsonBody(verifyCodeSchema), async (c) => {
    const { deps } = c.var;
    const input = c.req.valid('json');
    await deps.rateLimit(`verify:ip:${deps.clientIp(c)}`, RATE_RULES.verifyPerIp);
    await deps.rateLimit(`code:email:${input.email}`, RATE_RULES.codePerEmail);
    return signedIn(c, await signInWithCode(deps, input));
  })
  .get('/me', (c) => {
    const user = c.var.user;
    if (!user) throw unauthenticated();
    return c.json({ user: publicUser(user) });
  })
  .post('/logout', async (c) => {
    if (c.var.sessionTokenHash) await endSession(c.var.deps, { tokenHash: c.var.sessionTokenHash });
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ message: nb.auth.loggedOut });
  });
