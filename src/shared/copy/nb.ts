/** Every Norwegian string of the product, by feature; `nb` gathers them for short call sites. */
import { confirmEmail, dataExport, depthLevels, profile, unsubscribePage } from './account';
import { adminGamification, adminLogin, adminOverview, adminRevenue, adminShell, adminUsers } from './admin';
import { adminCampaigns } from './admin-campaigns';
import { adminContent } from './admin-content';
import { adminNewsletters } from './admin-newsletters';
import { auth, login, verify } from './auth';
import { campaign } from './campaign';
import { email } from './email';
import { gamification, guide, lessonsPage, markdown } from './guide';
import { consent } from './leads';
import { learner } from './learner';
import { paymentChoice } from './payment-choice';
import { premium } from './premium';
import { subscription, subscriptionMail } from './subscriptions';
import { validation } from './validation';
import { adminWelcome, reminders } from './welcome';

export const nb = {
  validation,
  consent,
  auth,
  login,
  verify,
  guide,
  premium,
  paymentChoice,
  subscription,
  subscriptionMail,
  campaign,
  lessonsPage,
  learner,
  markdown,
  gamification,
  email,
  adminLogin,
  adminShell,
  adminOverview,
  adminUsers,
  adminGamification,
  adminRevenue,
  adminContent,
  adminCampaigns,
  adminNewsletters,
  depthLevels,
  dataExport,
  profile,
  confirmEmail,
  unsubscribePage,
  adminWelcome,
  reminders,
} as const;
