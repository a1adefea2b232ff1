/** What other features may use of admin: the newsletters' segments and queue keys, for the send job (jobs/newsletters.ts). */
export { queueKeyPrefix } from './newsletters/figures';
export { segmentWhere } from './newsletters/segments';
/** Active subscriptions and MRR as a batch statement, for GET /metrics (ops/gauges.ts). */
export { activeSubscriptionsQuery } from './dashboard/subscriptions';
