/** What other features may use of privacy: consent history, pseudonyms, export, erasure and marketing mail. */
export {
  confirmConsent,
  consentGranted,
  consentHistory,
  signupConsents,
  consentStatus,
  decisionStatements,
  grantConsent,
  latestDecision,
  marketingConsent,
  moveConsentStatements,
  withdrawConsent,
} from './consent';
export { exportDownload } from './download';
export { checkpointAfterErasure, erasureStatements, eraseUser } from './erasure';
export { userExportQueries } from './export';
export { addressPseudonym, clientPseudonym, erasedAddressMark, erasedReminderLinkMark } from './pseudonyms';
export { marketingMailsStatement, sendMarketingEmail, senderOf } from './marketing-mail';
export { unsubscribeLinks } from './unsubscribe';
/** The conditions marketing mail is sent under: not suppressed (bounced, complained) and not erased. */
export { notErased, notSuppressed } from './suppressed';
