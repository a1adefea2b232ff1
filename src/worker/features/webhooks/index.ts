/** What other features may use of webhooks: the statement that queues an event in their batch, and what the sender needs. */
export { isoSql, webhookStatement, type WebhookEvent } from './emit';
export { consentChangedStatement } from './consent';
export { lessonCompletedStatements, questionAskedStatement } from './learning';
export { memberCreatedStatement } from './member';
export { SIGNATURE_HEADER, signatureHeader } from './signature';
export { refusedUrl } from './url-policy';
