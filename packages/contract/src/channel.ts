import { z } from 'zod';
import { endpoint } from './endpoint';
import { uploadEndpoints } from './endpoint-kits';
import { idParams, text } from './input';
import type { ReportDefinition } from './report-definition';
import { uploadResult } from './uploads';

/**
 * The channel: trade partners (carpenters, contractors, architects) attached to a dealer (a member of
 * type dealer or retailer), one at a time, with the history of who attached and when. Staff attach on
 * the member's record (User Management → All Users) or by spreadsheet; a partner attaches in the app
 * (the dealer's code, scanned or typed, or a dealer nearby); a dealer attaches a partner in the app.
 * A `dealer_share` scheme pays the dealer a share of each partner scan (contract/schemes.ts).
 */
export const CHANNEL_PAGE = '/dashboard/users';
export const DEALER_LINK_ENTITY = 'dealer_link';

/** Member types that can be a dealer; every other type is a trade partner. */
export const DEALER_TYPES = ['dealer', 'retailer'] as const;
export const PARTNER_TYPES = ['carpenter', 'contractor', 'architect'] as const;
export const LINK_VIAS = ['partner', 'dealer', 'staff', 'upload'] as const;
export type LinkVia = (typeof LINK_VIAS)[number];
export const LINK_VIA_LABELS: Record<LinkVia, string> = {
  partner: 'The partner, in the app',
  dealer: 'The dealer, in the app',
  staff: 'Staff',
  upload: 'Spreadsheet upload',
};

export const CHANNEL_MESSAGES = {
  dealerCode: 'Enter the dealer’s member code (e.g. M000042)',
  dealerUnknown: 'No approved dealer or retailer has this code',
  notPartner: 'Only carpenters, contractors and architects are attached to a dealer',
  partnerUnknown: 'No approved carpenter, contractor or architect has this code or mobile',
  partnerCode: 'Enter the partner’s member code or mobile',
  alreadyThere: 'Already attached to this dealer',
  noDealer: 'Not attached to any dealer',
  memberCode: 'Enter the member code (e.g. M000042)',
  memberUnknown: 'No member has this code',
  repeated: (row: number) => `The same member is already on row ${row}`,
} as const;

const dealerCode = text(20, { required: CHANNEL_MESSAGES.dealerCode }).transform((v) => v.toUpperCase());

export const dealerSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string(),
  district: z.string(),
  pincode: z.string(),
});
export type DealerSummary = z.infer<typeof dealerSummary>;

export const dealerLinkRow = z.object({
  id: z.number().int(),
  dealerId: z.number().int(),
  dealerCode: z.string(),
  dealerName: z.string(),
  linkedVia: z.enum(LINK_VIAS),
  linkedByName: z.string().nullable(),
  linkedAt: z.string(),
  endedVia: z.enum(LINK_VIAS).nullable(),
  endedByName: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type DealerLinkRow = z.infer<typeof dealerLinkRow>;

/** A member's place in the channel: the dealer now, every dealer before, and (a dealer) the partners now. */
export const memberHierarchy = z.object({
  dealer: dealerSummary.nullable(),
  history: z.array(dealerLinkRow),
  isDealer: z.boolean(),
  partners: z.number().int(),
});
export type MemberHierarchy = z.infer<typeof memberHierarchy>;

export const staffAttachBody = z.object({
  /** The dealer's code; null detaches. */
  dealerCode: dealerCode.nullable(),
});

/** The hierarchy upload: a partner's code and the dealer's code per row (an empty dealer detaches). */
export const CHANNEL_UPLOAD_COLUMNS = ['Member code', 'Dealer code'] as const;
export const channelUploadResult = uploadResult.extend({
  attached: z.number().int(),
  detached: z.number().int(),
  unchanged: z.number().int(),
});
export type ChannelUploadResult = z.infer<typeof channelUploadResult>;

/** One partner as his dealer sees him in the app. */
export const partnerActivity = z.object({
  code: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string(),
  linkedAt: z.string(),
  lastScanAt: z.string().nullable(),
  scans30: z.number().int(),
  points30: z.number().int(),
  /** Points the dealer earned from this partner's scans (dealer shares), ever. */
  shareEarned: z.number().int(),
});
export type PartnerActivity = z.infer<typeof partnerActivity>;

export const dealerShareEntry = z.object({
  at: z.string(),
  points: z.number().int(),
  note: z.string().nullable(),
});

export const myPartners = z.object({
  partners: z.array(partnerActivity),
  /** Dealer shares earned, ever and in the last 30 days. */
  shareTotal: z.number().int(),
  share30: z.number().int(),
  recentShares: z.array(dealerShareEntry),
});
export type MyPartners = z.infer<typeof myPartners>;

export const myDealer = z.object({
  dealer: dealerSummary.nullable(),
  /** Dealers and retailers in the member's pincode, then district (to choose from). */
  nearby: z.array(dealerSummary),
  isDealer: z.boolean(),
});
export type MyDealer = z.infer<typeof myDealer>;

export const chooseDealerBody = z.object({ dealerCode });
export const attachPartnerBody = z.object({
  partner: text(20, { required: CHANNEL_MESSAGES.partnerCode }),
});

const tags = ['channel'];
const attach = { action: 'channel.attach' } as const;

export const channelEndpoints = {
  hierarchy: endpoint({
    method: 'GET',
    path: '/admin/members/:id/hierarchy',
    access: { page: CHANNEL_PAGE },
    tags,
    summary: 'A member’s dealer, dealer history and partner count',
    params: idParams,
    response: memberHierarchy,
  }),
  attach: endpoint({
    method: 'PUT',
    path: '/admin/members/:id/dealer',
    access: attach,
    tags,
    summary: 'Attach a partner to a dealer (by code), or detach (null)',
    params: idParams,
    body: staffAttachBody,
    response: memberHierarchy,
  }),
  upload: uploadEndpoints(
    {
      upload: '/admin/channel/upload',
      template: '/admin/channel/template',
      errors: '/admin/channel/upload/errors',
    },
    {
      access: { page: CHANNEL_PAGE },
      write: attach,
      tags,
      summary:
        'Upload partners and their dealers (Member code, Dealer code; empty dealer detaches); applyValid=true keeps the good rows',
      result: channelUploadResult,
    },
  ),
} as const;

export const channelAppEndpoints = {
  myDealer: endpoint({
    method: 'GET',
    path: '/app/dealer',
    access: 'member',
    tags,
    summary: 'My dealer and the dealers near me',
    response: myDealer,
  }),
  chooseDealer: endpoint({
    method: 'PUT',
    path: '/app/dealer',
    access: { memberWrite: 'chooseDealer' },
    tags,
    summary: 'Attach me to a dealer by his code (scanned from his QR or typed)',
    body: chooseDealerBody,
    response: myDealer,
  }),
  leaveDealer: endpoint({
    method: 'DELETE',
    path: '/app/dealer',
    access: { memberWrite: 'chooseDealer' },
    tags,
    summary: 'Leave my dealer',
    response: myDealer,
  }),
  myPartners: endpoint({
    method: 'GET',
    path: '/app/partners',
    access: 'member',
    tags,
    summary: 'A dealer’s partners, their activity and the dealer’s earnings from their scans',
    response: myPartners,
  }),
  attachPartner: endpoint({
    method: 'POST',
    path: '/app/partners',
    access: { memberWrite: 'chooseDealer' },
    tags,
    summary: 'A dealer attaches a partner by code or mobile',
    body: attachPartnerBody,
    response: myPartners,
  }),
} as const;

/** Dealers report (Download Report): per dealer, partners, active partners and points earned. */
export const CHANNEL_REPORTS = [
  {
    key: 'dealers',
    label: 'Dealers (partners, active partners, points earned by partners and by the dealer)',
    permission: CHANNEL_PAGE,
    dateField: 'Points earned in the range (partners now attached)',
    columns: [
      { header: 'Dealer code', key: 'dealerCode', width: 12 },
      { header: 'Dealer', key: 'dealerName', width: 24 },
      { header: 'Type', key: 'type', width: 10 },
      { header: 'District', key: 'district', width: 16 },
      { header: 'State', key: 'state', width: 16 },
      { header: 'Partners', key: 'partners', width: 10 },
      { header: 'Active in 30 days', key: 'active30', width: 12 },
      { header: 'Active in 90 days', key: 'active90', width: 12 },
      { header: 'Points earned by partners', key: 'partnerPoints', width: 14 },
      { header: 'Points earned by the dealer (shares)', key: 'dealerPoints', width: 14 },
    ],
  },
] as const satisfies readonly ReportDefinition[];
