export { REFERRAL_WAIT_MS, countedPayment, referralStep, type ReferralStep } from './rules';
export { referralSummary } from './summary';
export { wasReferred } from './tag';
