import { z } from 'zod';
import {
  SETTING_STATUSES,
  settingDecisionBody,
  settingEndpoints,
  settingRequestFields,
  settingRowFields,
} from './effective-settings';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { todayInIndia } from './format';
import { idParams, text, uniqueArray } from './input';
import { messageLanguage } from './messages';

/**
 * Personal data under India's Digital Personal Data Protection Act 2023 and its Rules: the notice and
 * the consent per purpose, the member's rights (access, correction, erasure, nomination, grievance),
 * the retention of dormant members and the breach register. docs/privacy.md holds the data inventory.
 */

/** The notice's version: a new one asks every member again at the next app open. */
export const PRIVACY_NOTICE_VERSION = '2026-11';

/**
 * The purposes of the notice, in its order. `necessary`: the programme cannot run without it, so it is
 * given as one bundle with membership (the Act allows consent limited to what the purpose needs);
 * `legal`: a duty under another law (TDS under the Income-tax Act), told but not asked, never withdrawn.
 */
export const PRIVACY_PURPOSES = ['membership', 'kyc_payouts', 'tax', 'fraud_location', 'marketing'] as const;
export type PrivacyPurpose = (typeof PRIVACY_PURPOSES)[number];
export const PURPOSE_BASIS: Record<PrivacyPurpose, 'necessary' | 'legal' | 'optional'> = {
  membership: 'necessary',
  kyc_payouts: 'necessary',
  tax: 'legal',
  fraud_location: 'necessary',
  marketing: 'optional',
};
export const NECESSARY_PURPOSES = PRIVACY_PURPOSES.filter((p) => PURPOSE_BASIS[p] === 'necessary');
export const PURPOSE_LABELS: Record<PrivacyPurpose, string> = {
  membership: 'Programme membership',
  kyc_payouts: 'KYC and payouts',
  tax: 'Tax deduction (TDS)',
  fraud_location: 'Location checks against fraud',
  marketing: 'Marketing messages',
};

export const PRIVACY_MESSAGES = {
  necessary: 'The programme needs these purposes: agree to them to register',
  noticeVersion: `The current privacy notice is version ${PRIVACY_NOTICE_VERSION}: read it again`,
  legal: 'Tax deduction is required by the Income-tax Act and cannot be withdrawn',
  underAge: 'You must be 18 or older to join: the programme does not take the personal data of children',
  nominee: 'Enter the name and 10-digit mobile of the person you nominate',
  outcome: 'Write what was done, for the member',
  breachWindow: 'The end of the window must be after its start',
  dormantMonths: 'Enter a whole number of months, 12 to 120',
} as const;

/**
 * Whether a date of birth (YYYY-MM-DD) is at least 18 years before today in India: the same month and
 * day 18 years back, compared as text (a 29 February birthday comes of age on 1 March).
 */
export function isAdult(dateOfBirth: string, now: Date = new Date()): boolean {
  const today = todayInIndia(now);
  const cutoff = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
  return dateOfBirth <= cutoff;
}

/** The choices on the notice: the necessary bundle (all or nothing) and each optional purpose. */
export const consentChoices = z.object({
  necessary: z.boolean({ error: PRIVACY_MESSAGES.necessary }),
  marketing: z.boolean({ error: 'Choose whether you want marketing messages' }),
});
export type ConsentChoices = z.infer<typeof consentChoices>;

/** The consent given on the notice: which version the member read, in which language. */
export const consentBody = z.object({
  noticeVersion: text(20, { required: PRIVACY_MESSAGES.noticeVersion }),
  language: messageLanguage,
  choices: consentChoices,
});
export type ConsentBody = z.infer<typeof consentBody>;

export const consentRecord = z.object({
  id: z.number().int(),
  purpose: z.enum(PRIVACY_PURPOSES),
  granted: z.boolean(),
  noticeVersion: z.string(),
  channel: z.string(),
  language: z.string(),
  givenAt: z.string(),
  withdrawnAt: z.string().nullable(),
});

/** The member's consent now: each purpose's state and whether the notice must be read again. */
export const consentState = z.object({
  noticeVersion: z.string(),
  /** The member has not answered the current notice version: the app shows it before going on. */
  noticeNeeded: z.boolean(),
  purposes: z.array(
    z.object({ purpose: z.enum(PRIVACY_PURPOSES), basis: z.string(), granted: z.boolean().nullable() }),
  ),
  records: z.array(consentRecord),
});
export type ConsentState = z.infer<typeof consentState>;

export const withdrawBody = z.object({
  purpose: z.enum(PRIVACY_PURPOSES, { error: 'Choose a purpose to withdraw' }),
});

// ─── Rights ─────────────────────────────────────────────────────────────────────────────────────

/** What a member may ask; `closure` is opened by a withdrawn necessary purpose. */
export const PRIVACY_REQUEST_KINDS = [
  'access',
  'correction',
  'erasure',
  'nomination',
  'grievance',
  'closure',
] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const MEMBER_REQUEST_KINDS = ['correction', 'erasure', 'nomination', 'grievance'] as const;
/** open → done | rejected; an erasure accepted is `scheduled` until it runs after its notice. */
export const PRIVACY_REQUEST_STATUSES = ['open', 'scheduled', 'done', 'rejected'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
/** Days to answer (the Rules' outer limit for grievances is 90; the programme promises 30). */
export const PRIVACY_REQUEST_DAYS = 30;
/** The notice a member gets before an erasure runs. */
export const ERASURE_NOTICE_HOURS = 48;

const mobile10 = z.string().regex(/^[6-9]\d{9}$/, PRIVACY_MESSAGES.nominee);

export const privacyRequestBody = z
  .object({
    kind: z.enum(MEMBER_REQUEST_KINDS, { error: 'Choose what you are asking for' }),
    details: text(1000, { multiline: true, tooLong: 'At most 1,000 characters' }).optional(),
    nomineeName: text(120).optional(),
    nomineeMobile: mobile10.optional(),
    nomineeRelation: text(60).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'nomination' && (!b.nomineeName || !b.nomineeMobile))
      ctx.addIssue({ code: 'custom', path: ['nomineeName'], message: PRIVACY_MESSAGES.nominee });
    if ((b.kind === 'correction' || b.kind === 'grievance') && !b.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'Tell us what it is about' });
  });
export type PrivacyRequestBody = z.infer<typeof privacyRequestBody>;

export const privacyRequestRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberCode: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  details: z.string().nullable(),
  nomineeName: z.string().nullable(),
  nomineeMobile: z.string().nullable(),
  nomineeRelation: z.string().nullable(),
  createdAt: z.string(),
  dueAt: z.string(),
  eraseAfter: z.string().nullable(),
  handledBy: z.number().int().nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
  outcome: z.string().nullable(),
});
export type PrivacyRequestRow = z.infer<typeof privacyRequestRow>;
export const PRIVACY_REQUEST_FILTERS = ['status', 'kind', 'memberId'] as const;

export const requestDecisionBody = z.object({
  result: z.enum(['done', 'rejected'], { error: 'Choose done or rejected' }),
  outcome: text(500, { multiline: true, required: PRIVACY_MESSAGES.outcome }),
  /** A closure: what happens to the balance left, as the terms say. */
  balance: z.enum(['settled', 'forfeited']).optional(),
});
export type RequestDecisionBody = z.infer<typeof requestDecisionBody>;

// ─── Breaches ───────────────────────────────────────────────────────────────────────────────────

export const BREACH_DATA_KINDS = [
  'identity',
  'contact',
  'address',
  'kyc',
  'bank',
  'location',
  'activity',
] as const;
export type BreachDataKind = (typeof BREACH_DATA_KINDS)[number];
export const BREACH_DATA_LABELS: Record<BreachDataKind, string> = {
  identity: 'Name and date of birth',
  contact: 'Mobile number',
  address: 'Address',
  kyc: 'KYC documents and PAN',
  bank: 'Bank accounts and UPI ids',
  location: 'Scan locations',
  activity: 'Points and redemptions',
};

export const breachBody = z
  .object({
    title: text(200, { required: 'Give the breach a title' }),
    description: text(4000, { multiline: true, required: 'Describe what happened' }),
    occurredFrom: z.iso.datetime({ offset: true, error: 'Enter when it started' }),
    occurredTo: z.iso.datetime({ offset: true, error: 'Enter when it ended' }),
    detectedAt: z.iso.datetime({ offset: true, error: 'Enter when it was found' }),
    dataKinds: uniqueArray(z.enum(BREACH_DATA_KINDS), BREACH_DATA_KINDS.length).refine(
      (kinds) => kinds.length > 0,
      'Choose at least one kind of data',
    ),
    /** States affected; empty: every state. */
    states: uniqueArray(text(80), 40).default([]),
    measures: text(4000, { multiline: true, required: 'Describe what was done to contain it' }),
  })
  .superRefine((b, ctx) => {
    if (b.occurredTo < b.occurredFrom)
      ctx.addIssue({ code: 'custom', path: ['occurredTo'], message: PRIVACY_MESSAGES.breachWindow });
  });
export type BreachBody = z.infer<typeof breachBody>;

export const breachRow = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  occurredFrom: z.string(),
  occurredTo: z.string(),
  detectedAt: z.string(),
  dataKinds: z.array(z.enum(BREACH_DATA_KINDS)),
  states: z.array(z.string()),
  measures: z.string(),
  affected: z.number().int().nullable(),
  recordedBy: z.number().int(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
  notifiedAt: z.string().nullable(),
  notifiedBy: z.number().int().nullable(),
});
export type BreachRow = z.infer<typeof breachRow>;

// ─── Retention ──────────────────────────────────────────────────────────────────────────────────

export const retentionBody = z.object({
  dormantMonths: z
    .number({ error: PRIVACY_MESSAGES.dormantMonths })
    .int(PRIVACY_MESSAGES.dormantMonths)
    .min(12, PRIVACY_MESSAGES.dormantMonths)
    .max(120, PRIVACY_MESSAGES.dormantMonths),
  ...settingRequestFields,
});
export type RetentionBody = z.infer<typeof retentionBody>;
export const retentionRow = z.object({ ...settingRowFields, dormantMonths: z.number().int() });
export type RetentionRow = z.infer<typeof retentionRow>;
export const RETENTION_STATUSES = SETTING_STATUSES;

// ─── Endpoints ──────────────────────────────────────────────────────────────────────────────────

const appTags = ['member app', 'privacy'] as const;
const tags = ['privacy'] as const;
const page = '/dashboard/users' as const;

/** The member's side: the notice's consent, withdrawal, the rights and the download of his data. */
export const privacyAppEndpoints = {
  consent: endpoint({
    method: 'GET',
    path: '/app/privacy/consent',
    access: 'member',
    tags: appTags,
    summary: 'My consent per purpose and whether the current notice needs an answer',
    response: consentState,
  }),
  give: endpoint({
    method: 'POST',
    path: '/app/privacy/consent',
    access: { memberWrite: 'privacyConsent' },
    tags: appTags,
    summary: 'Answer the current notice (a new version asks again)',
    body: consentBody,
    response: consentState,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/app/privacy/withdraw',
    access: { memberWrite: 'privacyConsent' },
    tags: appTags,
    summary: 'Withdraw consent for a purpose, at once (a necessary one closes the membership)',
    body: withdrawBody,
    response: consentState,
  }),
  requests: endpoint({
    method: 'GET',
    path: '/app/privacy/requests',
    access: 'member',
    tags: appTags,
    summary: 'My privacy requests and their outcome',
    response: z.object({ rows: z.array(privacyRequestRow) }),
  }),
  ask: endpoint({
    method: 'POST',
    path: '/app/privacy/requests',
    access: { memberWrite: 'privacyRequest' },
    tags: appTags,
    summary: 'Ask for a correction, erasure, nomination or raise a grievance',
    body: privacyRequestBody,
    response: privacyRequestRow,
  }),
  exportJson: endpoint({
    method: 'GET',
    path: '/app/privacy/export.json',
    access: 'member',
    tags: appTags,
    summary: 'All my personal data, machine-readable',
    file: true,
  }),
  exportPdf: endpoint({
    method: 'GET',
    path: '/app/privacy/export.pdf',
    access: 'member',
    tags: appTags,
    summary: 'All my personal data, as a PDF',
    file: true,
  }),
};

/** Staff: the rights queue, the breach register and the retention setting, tabs of All Users. */
export const privacyEndpoints = {
  requests: listEndpoints('/admin/privacy/requests', {
    access: { page },
    row: privacyRequestRow,
    tags,
    summary: 'Privacy requests of members: rights, grievances, closures',
  }),
  decide: endpoint({
    method: 'POST',
    path: '/admin/privacy/requests/:id/decide',
    access: { action: 'privacy.handle' },
    tags,
    summary: 'Answer a privacy request (an accepted erasure is scheduled after its notice)',
    params: idParams,
    body: requestDecisionBody,
    response: privacyRequestRow,
  }),
  memberExport: endpoint({
    method: 'GET',
    path: '/admin/privacy/requests/:id/export.json',
    access: { action: 'privacy.handle' },
    tags,
    summary: "The member's data for an access request, machine-readable",
    params: idParams,
    file: true,
  }),
  breaches: listEndpoints('/admin/privacy/breaches', {
    access: { page },
    row: breachRow,
    tags,
    summary: 'The breach register',
  }),
  recordBreach: endpoint({
    method: 'POST',
    path: '/admin/privacy/breaches',
    access: { action: 'privacy.breaches' },
    tags,
    summary: 'Record a personal data breach; the affected members are found by its window, data and states',
    body: breachBody,
    response: breachRow,
  }),
  notifyBreach: endpoint({
    method: 'POST',
    path: '/admin/privacy/breaches/:id/notify',
    access: { action: 'privacy.breaches' },
    tags,
    summary: 'Tell the affected members, each in his language, through the outbox',
    params: idParams,
    response: breachRow,
  }),
  breachReport: endpoint({
    method: 'GET',
    path: '/admin/privacy/breaches/:id/report.pdf',
    access: { action: 'privacy.breaches' },
    tags,
    summary: "The Data Protection Board's 72-hour report, prepared from the record",
    params: idParams,
    file: true,
  }),
  retention: settingEndpoints('/admin/privacy/retention', {
    page,
    actions: { request: 'privacy.retention.request', approve: 'privacy.retention.approve' },
    tags,
    body: retentionBody,
    row: retentionRow,
    summaries: {
      list: 'Retention of dormant members: the setting in force, pending requests and the history',
      request: 'Request a retention period; a second person approves it',
      approve: 'Approve a retention period (not by its requester)',
      reject: 'Reject a retention period, with a reason',
    },
  }),
};
export const retentionDecisionBody = settingDecisionBody;
