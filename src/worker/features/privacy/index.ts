/** What other features may use of privacy: consent history, pseudonyms and erasure. */
export { confirmConsent, consentRequest, marketingConsent, withdrawConsent, type ConsentStatus } from './consent';
export { erasureStatements, eraseUser } from './erasure';
export { addressPseudonym, clientPseudonym } from './pseudonyms';
