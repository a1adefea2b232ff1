/** What other features may use of admin: the audit log's statement for their own admin actions' batches. */
export { auditExistingStatement } from './audit';
/** The newsletters' segments and queue keys, for the send job (jobs/newsletters.ts). */
export { queueKeyPrefix } from './newsletters/figures';
export { segmentWhere } from './newsletters/segments';
/** The member import's chunk step, for the import job (jobs/imports.ts). */
export { applyChunk } from './imports/apply';
