/** What other features may use of subscriptions. */
export { periodEnd, premiumEndDate } from './grant';
export {
  declinedRenewalStatement,
  expireStatements,
  followProviderStatements,
  nextRenewalOre,
  pendingRenewalStatement,
  renewalFailedStatements,
  renewedStatements,
  startStatements,
  type SubscriptionStart,
} from './lifecycle';
export { subscriptionEventStatement } from './statements';
export { trialStartStatements } from './trial';
export { chargeEventEndsSubscription, chargeEventStatements, endAtProvider, voidedPaymentStatements } from './refund';
export { adminPaymentRoutes, receiptRoutes, subscriptionRoutes } from './routes';
export { GRACE_MS, PRICE_NOTICE_MS } from './rules';
