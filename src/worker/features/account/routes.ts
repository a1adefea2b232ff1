import { Hono } from 'hono';
import { profile } from '#shared/copy/account';
import {
  consentUpdateSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  profileUpdateSchema,
} from '#shared/schemas/account';
import type { AppEnv } from '#worker/context';
import { eraseUser, exportDownload, grantConsent, withdrawConsent } from '#worker/features/privacy/index';
import { requireUser } from '#worker/http/guards';
import { requestClient } from '#worker/http/request-client';
import { clearSessionCookie } from '#worker/http/session';
import { jsonBody } from '#worker/http/validate';
import { confirmEmailChange, requestEmailChange } from './email-change';
import { exportOwnData } from './export';
import { accountOverview, updateProfile } from './overview';
import { referralSummary } from '#worker/features/referrals/index';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

const t = profile;

/**
 * /api/account: the signed-in user's own profile, consent, data export and deletion. Every route
 * is the session lookup plus one batch. Using an address-change link needs no session: the link
 * is the proof, and it may be opened on a device that is not signed in.
 */
export const accountRoutes = new Hono<AppEnv>()
  .post('/email/confirm', jsonBody(emailChangeConfirmSchema), async (c) => {
    const { email } = await confirmEmailChange(c.var.deps, { ...c.req.valid('json'), client: requestClient(c) });
    return c.json({ email, message: t.emailChanged(email) });
  })
  .use(jsonLimit, loadSession, requireUser)
  .get('/', async (c) => c.json(await accountOverview(c.var.deps, { user: c.var.user })))
  .patch('/', jsonBody(profileUpdateSchema), async (c) => {
    const user = await updateProfile(c.var.deps, { userId: c.var.user.id, patch: c.req.valid('json') });
    return c.json({ user, message: t.profileSaved });
  })
  .put('/consent', jsonBody(consentUpdateSchema), async (c) => {
    const { deps, user } = c.var;
    const input = { email: user.email, userId: user.id, source: 'account', client: requestClient(c) } as const;
    const marketingConsent = c.req.valid('json').marketing ? await grantConsent(deps, input) : await withdrawConsent(deps, input);
    return c.json({ marketingConsent });
  })
  .post('/email', jsonBody(emailChangeRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    await requestEmailChange(c.var.deps, { user: c.var.user, email });
    return c.json({ pendingEmail: email, message: t.emailChangeSent(email) });
  })
  .get('/referral', async (c) => c.json(await referralSummary(c.var.deps, { userId: c.var.user.id })))
  .get('/export', async (c) => {
    return exportDownload(c, await exportOwnData(c.var.deps, { user: c.var.user }));
  })
  .delete('/', async (c) => {
    const { deps, user } = c.var;
    // Erasure deletes every session of the user too: they are signed out everywhere.
    await eraseUser(deps, { userId: user.id, email: user.email });
    clearSessionCookie(c);
    return c.json({ message: t.accountDeleted });
  });
