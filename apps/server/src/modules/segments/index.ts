/** What other modules use of segments: aiming a notification, scheme or game at a frozen segment. */
export { segmentCondition } from './segment-sql';
export { type CampaignStart, linkCampaign, startCampaign } from './segments.service';
