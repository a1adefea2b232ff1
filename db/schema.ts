/*
 * The whole product's data model, by area. Deleting a user cascades to everything that
 * describes them; rows that must outlive them for accounting (payments) or audit keep only a
 * nulled reference.
 */
export * from './schema/enums';
export * from './schema/users';
export * from './schema/auth';
export * from './schema/account';
export * from './schema/leads';
export * from './schema/content';
export * from './schema/guide';
export * from './schema/questions';
export * from './schema/quizzes';
export * from './schema/certificates';
export * from './schema/campaigns';
export * from './schema/payments';
export * from './schema/coupons';
export * from './schema/referrals';
export * from './schema/premium';
export * from './schema/ops';
export * from './schema/mail';
export * from './schema/privacy';
export * from './schema/welcome';
export * from './schema/reminders';
export * from './schema/newsletters';
export * from './schema/clicks';
export * from './schema/settings';
export * from './schema/automations';
export * from './schema/imports';
export * from './schema/insights';
export * from './schema/webhooks';
