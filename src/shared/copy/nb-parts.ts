/** The parts `nb` (./nb.ts) gathers, one export per feature's copy: add a feature's line here. */
export { confirmEmail, dataExport, depthLevels, profile, unsubscribePage } from '#shared/copy/account';
export { adminGamification, adminLogin, adminOverview, adminRevenue, adminShell, adminUsers } from '#shared/copy/admin';
export { adminCampaigns } from '#shared/copy/admin-campaigns';
export { adminLeads } from '#shared/copy/admin-leads';
export { adminNewsletters } from '#shared/copy/admin-newsletters';
export { adminContent } from '#shared/copy/admin-content';
export { auth, login, verify } from '#shared/copy/auth';
export { campaign } from '#shared/copy/campaign';
export { email } from '#shared/copy/email';
export { gamification, guide, lessonsPage, markdown } from '#shared/copy/guide';
export { consent } from '#shared/copy/leads';
export { learner } from '#shared/copy/learner';
export { paymentChoice } from '#shared/copy/payment-choice';
export { premium } from '#shared/copy/premium';
export { subscription, subscriptionMail } from '#shared/copy/subscriptions';
export { validation } from '#shared/copy/validation';
export { adminWelcome, reminders } from '#shared/copy/welcome';
