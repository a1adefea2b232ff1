import { Hono, type Context } from 'hono';
import { auth } from '#shared/copy/auth';
import { PATHS } from '#shared/paths';
import { isStaff } from '#shared/permissions';
import {
  magicLinkRequestSchema,
  verifyCodeSchema,
  verifyQuerySchema,
  type MagicLinkResponse,
  type MagicLinkStatus,
  type SignInResponse,
} from '#shared/schemas/auth';
import type { AppEnv } from '#worker/context';
import { networkOf } from '#worker/http/client-ip';
import { unauthenticated } from '#worker/errors';
import { requireUser } from '#worker/http/guards';
import { RATE_RULES } from '#worker/http/rate-limit';
import { requestClient } from '#worker/http/request-client';
import { clearSessionCookie, sessionToken, setSessionCookie } from '#worker/http/session';
import { loadSession } from './session-loader';
import { jsonBody, queryParams } from '#worker/http/validate';
import { mailStatus, sendMagicLink, signInWithCode, signInWithToken } from './magic-link';
import { publicUser } from './public-user';
import { endAllSessions, endSession, type SignInResult } from './sessions';
import { jsonLimit } from '#worker/http/body-limit';

function signedIn(c: Context<AppEnv>, result: SignInResult) {
  setSessionCookie(c, result.sessionToken, result.expiresAt);
  // A lead's link, which also confirms the sign-up, opens the guide like any other: they are signed in.
  const fallback = isStaff(result.user) ? PATHS.admin : PATHS.guide;
  const body: SignInResponse = {
    sessionToken: result.sessionToken,
    user: publicUser(result.user),
    redirectTo: result.redirect ?? fallback,
  };
  return c.json(body);
}

/**
 * Mounted before the app's session middleware: signing in needs no session, so /me, /logout-all
 * load it themselves and /logout needs only the token.
 */
export const authRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .post('/magic-link', jsonBody(magicLinkRequestSchema), async (c) => {
    const { deps } = c.var;
    const input = c.req.valid('json');
    const ip = deps.clientIp(c);
    await deps.rateLimit(`magic-link:ip:${ip}`, RATE_RULES.magicLinkPerIp);
    await deps.rateLimit(`magic-link:net:${networkOf(ip)}`, RATE_RULES.magicLinkPerNetwork);
    const sent = await sendMagicLink(deps, {
      email: input.email,
      firstName: input.firstName,
      redirect: input.redirect ?? (input.isAdminLogin ? PATHS.admin : undefined),
    });
    // 'refuse' never answers null: a link that may not go throws its 429.
    const body: MagicLinkResponse = { message: auth.linkSentMessage, requestId: sent.requestId! };
    return c.json(body);
  })
  .get('/magic-link/:requestId', async (c) => {
    const body: MagicLinkStatus = await mailStatus(c.var.deps, { requestId: c.req.param('requestId') });
    return c.json(body);
  })
  .get('/verify', queryParams(verifyQuerySchema), async (c) => {
    const { deps } = c.var;
    await deps.rateLimit(`verify:ip:${deps.clientIp(c)}`, RATE_RULES.verifyPerIp);
    return signedIn(c, await signInWithToken(deps, { ...c.req.valid('query'), client: requestClient(c) }));
  })
  .post('/verify-code', jsonBody(verifyCodeSchema), async (c) => {
    const { deps } = c.var;
    await deps.rateLimit(`verify:ip:${deps.clientIp(c)}`, RATE_RULES.verifyPerIp);
    return signedIn(c, await signInWithCode(deps, { ...c.req.valid('json'), client: requestClient(c) }));
  })
  .get('/me', loadSession, (c) => {
    const user = c.var.user;
    if (!user) throw unauthenticated();
    return c.json({ user: publicUser(user) });
  })
  .post('/logout', async (c) => {
    const token = sessionToken(c);
    if (token) await endSession(c.var.deps, { token });
    clearSessionCookie(c);
    return c.json({ message: auth.loggedOut });
  })
  .post('/logout-all', loadSession, requireUser, async (c) => {
    await endAllSessions(c.var.deps, { userId: c.var.user.id });
    clearSessionCookie(c);
    return c.json({ message: auth.loggedOutEverywhere });
  });
