import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { loadSession } from '#worker/features/auth/index';
import { accountingRoutes } from './accounting/routes';
import { campaignRoutes } from './campaigns/routes';
import { contentRoutes } from './content/routes';
import { couponRoutes } from './coupons/routes';
import { referralRoutes } from './referrals/routes';
import { dashboardRoutes } from './dashboard/routes';
import { fileUploadRoutes } from './files/routes';
import { importRoutes } from './imports/routes';
import { insightRoutes } from './insights/routes';
import { leadAdminRoutes } from './leads/routes';
import { mailRoutes } from './mail/routes';
import { newsletterRoutes } from './newsletters/routes';
import { settingsRoutes } from './settings/routes';
import { questionAdminRoutes } from './questions/routes';
import { userRoutes } from './users/routes';
import { webhookRoutes } from './webhooks/routes';
import { welcomeRoutes } from './welcome/routes';
import { automationRoutes } from './automations/routes';
import { tagRoutes, userTagRoutes } from './tags/routes';
import { adminPaymentRoutes } from '#worker/features/subscriptions/index';

/**
 * /api/admin: every route answers 401 without a session and 403 to anyone but an admin — the
 * guard runs before routing, so unknown admin paths are refused the same way. Each sub-app
 * repeats the guard, so it stays guarded however it is mounted. The user and payment routes come
 * first: each of their routes names its own loader and guard, some reading what they act on in
 * the session's round trip.
 */
export const adminRoutes = new Hono<AppEnv>()
  .route('/users', userTagRoutes)
  .route('/users', userRoutes)
  .route('/payments', adminPaymentRoutes)
  // The test send reads its newsletter with the session, so it comes before the shared guard too.
  .route('/newsletters', newsletterRoutes)
  .use(loadSession, requireAdmin)
  .route('/dashboard', dashboardRoutes)
  .route('/content', contentRoutes)
  .route('/campaigns', campaignRoutes)
  .route('/coupons', couponRoutes)
  .route('/referrals', referralRoutes)
  .route('/mail', mailRoutes)
  .route('/leads', leadAdminRoutes)
  .route('/insights', insightRoutes)
  .route('/files', fileUploadRoutes)
  .route('/imports', importRoutes)
  .route('/welcome-series', welcomeRoutes)
  .route('/automations', automationRoutes)
  .route('/tags', tagRoutes)
  .route('/accounting', accountingRoutes)
  .route('/settings', settingsRoutes)
  .route('/questions', questionAdminRoutes)
  .route('/webhooks', webhookRoutes);
