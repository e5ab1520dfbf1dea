import { z } from 'zod';
import { ACTIONS } from './actions';
import { endpoint } from './endpoint';
import { idParams, text, uniqueArray } from './input';
import { distributorBody, distributorRow } from './invoices';
import { PAGES } from './permissions';
import { productCreateBody, productRow } from './products';
import { pointsChangeBody } from './scheme-points';
import { storeCreateBody, storeRow } from './stores';

/**
 * Main Settings → Integrations: service accounts (the brand's ERP, CRM, warehouse) and their API keys,
 * and the integration API those keys open. A key's scopes are the same ids staff permissions use (page
 * paths for reads, action ids for changes), so the one access layer checks both.
 */
export const INTEGRATIONS_PAGE = '/dashboard/mainsettings/socialconnect';
export const SERVICE_ACCOUNT_ENTITY = 'service_account';
export const API_KEY_ENTITY = 'api_key';
export const INTEGRATION_TAG = 'Integration';
const ADMIN_TAG = 'Integrations (settings)';

/** The scopes a key may be given: every page and action a staff role may hold. */
export const SCOPES: readonly { id: string; label: string }[] = [
  ...PAGES.filter((p) => p.path.startsWith('/')).map((p) => ({ id: p.path, label: `Read: ${p.label}` })),
  ...ACTIONS.map((a) => ({ id: a.id, label: a.label })),
];
const scopeIds = new Set(SCOPES.map((s) => s.id));

/** The scopes the integration API's routes check, for the key form's shortcuts. */
export const INTEGRATION_SCOPES = {
  invoices: 'invoices.create',
  distributors: 'distributors.manage',
  products: 'products.manage',
  stores: 'stores.manage',
  members: '/dashboard/users',
  ledger: '/dashboard/QrPointHistories',
  redemptions: '/dashboard/approvals/redemption',
  payouts: '/dashboard/approvals/redemption',
  /** Unmasked mobile numbers in member reads. */
  reveal: 'kyc.reveal',
} as const;

export const INTEGRATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTaken: 'A service account with this name already exists',
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: 'Unknown scope',
  accountNotActive: 'The service account is not active: it must be approved first',
  keyNotActive: 'Only an active key can be rotated or revoked',
  makerChecker: 'You asked for this; another person must approve it',
} as const;

export const SERVICE_ACCOUNT_STATUSES = ['pending', 'active', 'rejected', 'disabled'] as const;
export const API_KEY_STATUSES = ['pending', 'active', 'rejected', 'revoked'] as const;

export const serviceAccountBody = z.object({
  name: text(80, { required: INTEGRATION_MESSAGES.nameRequired, tooLong: 'At most 80 characters' }),
  description: text(300, { multiline: true }).default(''),
});
export type ServiceAccountBody = z.infer<typeof serviceAccountBody>;

export const serviceAccountRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.enum(SERVICE_ACCOUNT_STATUSES),
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceAccountRow = z.infer<typeof serviceAccountRow>;

export const apiKeyBody = z.object({
  label: text(80, { required: 'Label is required' }),
  scopes: uniqueArray(
    text(80).refine((s) => scopeIds.has(s), INTEGRATION_MESSAGES.scopeUnknown),
    SCOPES.length,
    { error: INTEGRATION_MESSAGES.scopesRequired },
  ).min(1, INTEGRATION_MESSAGES.scopesRequired),
  /** Days from approval until the key stops working. */
  validDays: z.number().int().min(1, 'From 1 to 730 days').max(730, 'From 1 to 730 days').default(365),
  /** Calls a minute this key may make; more are answered 429. */
  ratePerMinute: z
    .number()
    .int()
    .min(1, 'From 1 to 100000 calls a minute')
    .max(100_000, 'From 1 to 100000 calls a minute')
    .default(600),
});
export type ApiKeyBody = z.infer<typeof apiKeyBody>;

export const rotateBody = z.object({
  /** Hours the old key keeps working after the new one is approved. */
  overlapHours: z.number().int().min(0, 'From 0 to 720 hours').max(720, 'From 0 to 720 hours').default(24),
});

export const apiKeyRow = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  label: z.string(),
  /** The key's public part (`ak_<prefix>_…`), once approved. */
  prefix: z.string().nullable(),
  scopes: z.array(z.string()),
  validDays: z.number().int(),
  ratePerMinute: z.number().int(),
  status: z.enum(API_KEY_STATUSES),
  expiresAt: z.string().nullable(),
  rotatesKeyId: z.number().int().nullable(),
  overlapHours: z.number().int().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  decidedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

export const decideBody = z.object({
  result: z.enum(['approved', 'rejected']),
  reason: text(500, { multiline: true }).optional(),
});

/** An approved key: the secret appears in this answer only; it is stored hashed. */
export const approvedKey = z.object({ key: apiKeyRow, secret: z.string().nullable() });

const settings = { tags: [ADMIN_TAG] } as const;
const manage = { action: 'integrations.manage' } as const;
const approve = { action: 'integrations.approve' } as const;

export const integrationsEndpoints = {
  accounts: endpoint({
    method: 'GET',
    path: '/admin/integrations/accounts',
    access: { page: INTEGRATIONS_PAGE },
    summary: 'Service accounts',
    response: z.object({ rows: z.array(serviceAccountRow) }),
    ...settings,
  }),
  createAccount: endpoint({
    method: 'POST',
    path: '/admin/integrations/accounts',
    access: manage,
    summary: 'Ask for a service account (another person approves it)',
    body: serviceAccountBody,
    response: serviceAccountRow,
    ...settings,
  }),
  decideAccount: endpoint({
    method: 'POST',
    path: '/admin/integrations/accounts/:id/decide',
    access: approve,
    summary: 'Approve or reject a service account (not its requester)',
    params: idParams,
    body: decideBody,
    response: serviceAccountRow,
    ...settings,
  }),
  keys: endpoint({
    method: 'GET',
    path: '/admin/integrations/keys',
    access: { page: INTEGRATIONS_PAGE },
    summary: 'API keys of every service account',
    response: z.object({ rows: z.array(apiKeyRow) }),
    ...settings,
  }),
  createKey: endpoint({
    method: 'POST',
    path: '/admin/integrations/accounts/:id/keys',
    access: manage,
    summary: 'Ask for an API key of a service account (another person approves it)',
    params: idParams,
    body: apiKeyBody,
    response: apiKeyRow,
    ...settings,
  }),
  decideKey: endpoint({
    method: 'POST',
    path: '/admin/integrations/keys/:id/decide',
    access: approve,
    summary: 'Approve (the secret is shown once, in this answer) or reject an API key',
    params: idParams,
    body: decideBody,
    response: approvedKey,
    ...settings,
  }),
  rotateKey: endpoint({
    method: 'POST',
    path: '/admin/integrations/keys/:id/rotate',
    access: manage,
    summary: 'Ask for a successor key; the old one keeps working for the overlap once it is approved',
    params: idParams,
    body: rotateBody,
    response: apiKeyRow,
    ...settings,
  }),
  revokeKey: endpoint({
    method: 'POST',
    path: '/admin/integrations/keys/:id/revoke',
    access: manage,
    summary: 'Revoke an API key at once',
    params: idParams,
    response: apiKeyRow,
    ...settings,
  }),
} as const;

/* ---------------------------------- the integration API ---------------------------------- */

export const MAX_PUSH_LINES = 1_000;

/** One invoice line as an ERP exports it: the spreadsheet upload's row, in JSON. */
export const pushLine = z.object({
  distributorCode: z.string().max(100).default(''),
  distributorName: z.string().max(200).optional(),
  gstin: z.string().max(30).optional(),
  state: z.string().max(100).optional(),
  city: z.string().max(100).optional(),
  invoiceNumber: z.string().max(100).default(''),
  /** YYYY-MM-DD (or DD-MM-YYYY, as the upload accepts). */
  invoiceDate: z.string().max(20).default(''),
  sku: z.string().max(100).default(''),
  quantity: z.union([z.number(), z.string().max(20)]).default(''),
});
export type PushLine = z.infer<typeof pushLine>;

export const invoicePushBody = z.object({
  lines: z
    .array(pushLine, { error: 'lines: a list of invoice lines' })
    .min(1, 'Send at least one line')
    .max(MAX_PUSH_LINES, `At most ${MAX_PUSH_LINES} lines a request`),
});
export type InvoicePushBody = z.infer<typeof invoicePushBody>;

export const LINE_OUTCOMES = ['accepted', 'duplicate', 'refused'] as const;
export const pushLineResult = z.object({
  /** 0-based position of the line in the request. */
  line: z.number().int(),
  outcome: z.enum(LINE_OUTCOMES),
  invoiceId: z.number().int().nullable(),
  /** Refused: the first field at fault and why (every fault is in `errors`). */
  field: z.string().optional(),
  reason: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), reason: z.string() })).optional(),
});
export const invoicePushResult = z.object({
  accepted: z.number().int(),
  duplicate: z.number().int(),
  refused: z.number().int(),
  invoicesCreated: z.number().int(),
  lines: z.array(pushLineResult),
});
export type InvoicePushResult = z.infer<typeof invoicePushResult>;

export const upsertResult = <R extends z.ZodType>(row: R) => z.object({ created: z.boolean(), row });

export const codeParams = z.object({ code: text(32, { required: 'Code is required' }) });

export const productUpsertBody = productCreateBody.omit({ sku: true }).extend({
  /** Dated points changes (Update Scheme Points): each from 00:00 IST of its day, today or later. */
  points: z.array(pointsChangeBody).max(50, 'At most 50 points changes').optional(),
});

/** Incremental reads: rows changed after the cursor, oldest first. */
export const syncQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1, 'From 1 to 1000').max(1000, 'From 1 to 1000').default(500),
});
export const syncResult = <R extends z.ZodType>(row: R) =>
  z.object({
    rows: z.array(row),
    /** Pass it back to read what changed since; the same cursor when nothing changed. */
    nextCursor: z.string(),
    hasMore: z.boolean(),
  });

export const syncMember = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Masked (`XXXXXX1234`) unless the key holds the reveal scope. */
  mobile: z.string(),
  type: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.string(),
  status: z.string(),
  kycStatus: z.string(),
  tier: z.string().nullable(),
  balance: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const syncLedgerEntry = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  amount: z.number().int(),
  kind: z.string(),
  reference: z.string(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const syncRedemption = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  kind: z.string(),
  status: z.string(),
  points: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const syncPayout = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  redemptionId: z.number().int(),
  mode: z.string(),
  status: z.string(),
  amountPaise: z.number().int(),
  utr: z.string().nullable(),
  updatedAt: z.string(),
});

const api = { tags: [INTEGRATION_TAG] } as const;
const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('A repeat with the same key answers the first answer again and changes nothing'),
});

export const integrationApiEndpoints = {
  pushInvoices: endpoint({
    method: 'POST',
    path: '/integration/invoices',
    access: { integration: INTEGRATION_SCOPES.invoices },
    summary:
      'Push invoices with their lines (up to 1,000 lines; idempotent by distributor and invoice number and by Idempotency-Key)',
    headers: idempotencyHeader,
    body: invoicePushBody,
    response: invoicePushResult,
    ...api,
  }),
  upsertDistributor: endpoint({
    method: 'PUT',
    path: '/integration/distributors/:code',
    access: { integration: INTEGRATION_SCOPES.distributors },
    summary: 'Create or update a distributor by its code',
    params: codeParams,
    body: distributorBody.omit({ code: true }),
    response: upsertResult(distributorRow),
    ...api,
  }),
  upsertProduct: endpoint({
    method: 'PUT',
    path: '/integration/products/:code',
    access: { integration: INTEGRATION_SCOPES.products },
    summary: 'Create or update a product by its SKU code, with dated points changes',
    params: codeParams,
    body: productUpsertBody,
    response: upsertResult(productRow),
    ...api,
  }),
  upsertStore: endpoint({
    method: 'PUT',
    path: '/integration/stores/:code',
    access: { integration: INTEGRATION_SCOPES.stores },
    summary: 'Create or update a store (Locator) by its code',
    params: codeParams,
    body: storeCreateBody.omit({ code: true }),
    response: upsertResult(storeRow),
    ...api,
  }),
  members: endpoint({
    method: 'GET',
    path: '/integration/members',
    access: { integration: INTEGRATION_SCOPES.members },
    summary: 'Members changed since the cursor',
    query: syncQuery,
    response: syncResult(syncMember),
    ...api,
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/integration/ledger',
    access: { integration: INTEGRATION_SCOPES.ledger },
    summary: 'Points ledger entries since the cursor (the ledger is append-only)',
    query: syncQuery,
    response: syncResult(syncLedgerEntry),
    ...api,
  }),
  redemptions: endpoint({
    method: 'GET',
    path: '/integration/redemptions',
    access: { integration: INTEGRATION_SCOPES.redemptions },
    summary: 'Redemptions changed since the cursor',
    query: syncQuery,
    response: syncResult(syncRedemption),
    ...api,
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/integration/payouts',
    access: { integration: INTEGRATION_SCOPES.payouts },
    summary: 'Payout lines changed since the cursor',
    query: syncQuery,
    response: syncResult(syncPayout),
    ...api,
  }),
} as const;
