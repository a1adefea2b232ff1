/** What other features may use of click counting (docs/decisions/0057-click-counting.md). */
export { trackLinks, type TrackedMail } from './rewrite';
export { mailEffectColumns, linkClicksQuery } from './figures';
export { expiredClickRefs, mailClickRefWithin } from './attribution';
