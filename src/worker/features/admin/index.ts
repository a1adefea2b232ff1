/** What other features may use of admin: the audit log's statement for their own admin actions' batches. */
export { auditExistingStatement } from './audit';
/** The newsletters' segments and queue keys, for the send job (jobs/newsletters.ts). */
export { queueKeyPrefix } from './newsletters/figures';
export { segmentOfRow, segmentWhere } from './newsletters/segments';
/** The automations switched on, for their job (jobs/automations.ts). */
export { enabledAutomations } from './automations/automations';
