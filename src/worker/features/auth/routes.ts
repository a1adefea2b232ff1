import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#shared/constants';
import { nb } from '#shared/copy/index';
import { magicLinkRequestSchema, verifyCodeSchema, verifyQuerySchema } from '#shared/schemas/auth';
import { unauthenticated } from '#worker/http/errors';
import { setSessionCookie } from '#worker/http/session';
import { RATE_RULES } from '#worker/http/rate-limit';
import { jsonBody, queryParams } from '#worker/http/validate';
import {
  endSession,
  publicUser,
  sendMagicLink,
  signInWithCode,
  signInWithToken,
  type SignInResult,
} from './auth';
import type { AppEnv } from '#worker/context';

function signedIn(c: Context<AppEnv>, result: SignInResult) {
  setSessionCookie(c, result.sessionToken);
  return c.json({
    sessionToken: result.sessionToken,
    user: publicUser(result.user),
    redirectTo: result.returnTo ?? (result.user.isAdmin ? '/admin' : '/guide'),
  });
}

export const authRoutes = new Hono<AppEnv>()
  .post('/magic-link', jsonBody(magicLinkRequestSchema), async (c) => {
    const { db, mailer, now, config, rateLimit, clientIp } = c.var.deps;
    const input = c.req.valid('json');
    await rateLimit(`magic-link:ip:${clientIp(c)}`, RATE_RULES.magicLinkPerIp);
    await rateLimit(`magic-link:email:${input.email}`, RATE_RULES.magicLinkPerEmail);
    await sendMagicLink(
      { db, mailer, now, publicUrl: config.PUBLIC_URL },
      { email: input.email, firstName: input.firstName, returnTo: input.returnTo ?? (input.isAdminLogin ? '/admin' : undefined) },
    );
    return c.json({ message: nb.auth.linkSentMessage });
  })
  .get('/verify', queryParams(verifyQuerySchema), async (c) => {
    const { db, now, config, rateLimit, clientIp } = c.var.deps;
    await rateLimit(`verify:ip:${clientIp(c)}`, RATE_RULES.verifyPerIp);
    const result = await signInWithToken({ db, now, adminEmails: config.ADMIN_EMAILS }, c.req.valid('query').token);
    return signedIn(c, result);
  })
  .post('/verify-code', jsonBody(verifyCodeSchema), async (c) => {
    const { db, now, config, rateLimit, clientIp } = c.var.deps;
    const input = c.req.valid('json');
    await rateLimit(`verify:ip:${clientIp(c)}`, RATE_RULES.verifyPerIp);
    await rateLimit(`code:email:${input.email}`, RATE_RULES.codePerEmail);
    return signedIn(c, await signInWithCode({ db, now, adminEmails: config.ADMIN_EMAILS }, input));
  })
  .get('/me', (c) => {
    const user = c.var.user;
    if (!user) throw unauthenticated();
    return c.json({ user: publicUser(user) });
  })
  .post('/logout', async (c) => {
    if (c.var.sessionTokenHash) await endSession(c.var.deps.db, c.var.sessionTokenHash);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ message: nb.auth.loggedOut });
  });
