/** What other features may use of admin: the newsletters' segments and queue keys, for the send job (jobs/newsletters.ts). */
export { queueKeyPrefix } from './newsletters/figures';
export { segmentOfRow, segmentWhere } from './newsletters/segments';
/** Active subscriptions and MRR as a batch statement, for GET /metrics (ops/gauges.ts). */
export { activeSubscriptionsQuery } from './dashboard/subscriptions';
/** The automations switched on, for their job (jobs/automations.ts). */
export { enabledAutomations } from './automations/automations';
/** The member import's chunk steps, for the import job (jobs/imports.ts). */
export { applyChunk } from './imports/apply';
export { previewChunk } from './imports/preview';
