/** What other features may use of admin: the audit log, for their own admin writes. */
export {
  auditExistingStatement,
  auditStatement,
  changeDetails,
  snapshotDetails,
  type AuditEntry,
  type AuditedField,
} from './audit';
