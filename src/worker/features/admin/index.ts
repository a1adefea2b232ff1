/** What other features may use of admin: the audit log's statement for their own admin actions' batches. */
export { auditExistingStatement } from './audit';
