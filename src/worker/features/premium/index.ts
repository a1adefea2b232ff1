/** What other features and the HTTP plumbing may use of premium. */
export { campaignDeadline, publicCampaign } from './campaign';
export { campaignReachColumns, deleteCampaignEvents } from './upsell';
export { eventStatements, ownerColumns } from './settle';
export { checkBuyer } from './buyer';
export { activeCampaign } from './campaign-offer';
