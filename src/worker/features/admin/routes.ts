import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { loadSession } from '#worker/http/session';
import { campaignRoutes } from './campaigns/routes';
import { contentRoutes } from './content/routes';
import { dashboardRoutes } from './dashboard/routes';
import { fileUploadRoutes } from './files/routes';
import { mailRoutes } from './mail/routes';
import { newsletterRoutes } from './newsletters/routes';
import { userRoutes } from './users/routes';
import { welcomeRoutes } from './welcome/routes';
import { adminPaymentRoutes } from '#worker/features/subscriptions/index';

/**
 * /api/admin: every route answers 401 without a session and 403 to anyone but an admin — the
 * guard runs before routing, so unknown admin paths are refused the same way. Each sub-app
 * repeats the guard, so it stays guarded however it is mounted. The user routes come first:
 * they load the session themselves, some together with the user they act on.
 */
export const adminRoutes = new Hono<AppEnv>()
  .route('/users', userRoutes)
  // A refund reads its payment with the session, so it comes before the shared guard too.
  .route('/payments', adminPaymentRoutes)
  // The test send reads its newsletter with the session, so it comes before the shared guard too.
  .route('/newsletters', newsletterRoutes)
  .use(loadSession, requireAdmin)
  .route('/dashboard', dashboardRoutes)
  .route('/content', contentRoutes)
  .route('/campaigns', campaignRoutes)
  .route('/mail', mailRoutes)
  .route('/files', fileUploadRoutes)
  .route('/welcome-series', welcomeRoutes);
