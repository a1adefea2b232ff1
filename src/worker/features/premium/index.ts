/** What other features and the HTTP plumbing may use of premium. */
export { activeCampaign, publicCampaign } from './campaign';
export { campaignReachColumns, deleteCampaignEvents } from './upsell';
export { premiumEndDate } from './grant';
