/** The parts `nb` (./nb.ts) gathers, one export per feature's copy: add a feature's line here. */
export { confirmEmail, dataExport, depthLevels, profile, unsubscribePage } from './account';
export { adminGamification, adminLogin, adminOverview, adminRevenue, adminShell, adminUsers } from './admin';
export { adminCampaigns } from './admin-campaigns';
export { adminLeads } from './admin-leads';
export { adminNewsletters } from './admin-newsletters';
export { adminContent } from './admin-content';
export { auth, login, verify } from './auth';
export { campaign } from './campaign';
export { email } from './email';
export { gamification, guide, lessonsPage, markdown } from './guide';
export { consent } from './leads';
export { learner } from './learner';
export { paymentChoice } from './payment-choice';
export { premium } from './premium';
export { subscription, subscriptionMail } from './subscriptions';
export { validation } from './validation';
export { adminWelcome, reminders } from './welcome';
