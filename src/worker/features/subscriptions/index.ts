/** What other features may use of subscriptions. */
export { periodEnd, premiumEndDate } from './grant';
export {
  declinedRenewalStatement,
  expireStatements,
  pendingRenewalStatement,
  renewalFailedStatements,
  renewedStatements,
  startStatements,
} from './lifecycle';
export { subscriptionEventStatement } from './statements';
export { chargeEventEndsSubscription, chargeEventStatements, endAtProvider } from './refund';
export { adminPaymentRoutes, receiptRoutes, subscriptionRoutes } from './routes';
export { GRACE_MS } from './rules';
