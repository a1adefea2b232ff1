import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
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
 * /api/admin. Each sub-app loads the session and guards itself where it is defined (401 without a
 * session, 403 to anyone the permission table does not name), so the order below is no rule; a
 * path no sub-app has is refused the same way by app.ts. The user, payment and newsletter
 * sub-apps guard per route: some of their routes read their target in the session's round trip.
 */
export const adminRoutes = new Hono<AppEnv>()
  .route('/users', userTagRoutes)
  .route('/users', userRoutes)
  .route('/payments', adminPaymentRoutes)
  .route('/newsletters', newsletterRoutes)
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
