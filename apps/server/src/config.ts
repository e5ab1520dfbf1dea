import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every environment variable the server reads, but ADMIN_EMAIL/ADMIN_PASSWORD (db/prepare.ts). */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; absent means the embedded PostgreSQL server in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Relative paths are taken from the repository root, where `npm start` is run. */
  DATA_DIR: z.string().default('data'),
  /** Seed demo data: always on the embedded database when it is empty, opt-in on PostgreSQL. */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** Comma-separated web origins allowed by CORS when the API is served from its own origin. */
  WEB_ORIGINS: z.string().optional(),
  /** Where the built web app lives; served on the same origin as the API. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Start pg-boss workers in this process (API-only instances may turn them off). */
  JOBS: z.enum(['0', '1']).default('1'),
  /** 32-byte key (hex or base64) that encrypts PAN and bank numbers at rest. */
  ENCRYPTION_KEY: z.string().optional(),
  /** During a key rotation: the key ENCRYPTION_KEY replaces, kept until re-encryption has finished. */
  ENCRYPTION_KEY_PREVIOUS: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Members' one-time codes sent per hour in all (SMS pumping): over it, codes wait. */
  OTP_HOURLY_BUDGET: z.coerce.number().int().min(1).default(2000),
  /** Of them, codes to mobiles that are no member's (sign-ups): the tighter budget. */
  OTP_NON_MEMBER_HOURLY_BUDGET: z.coerce.number().int().min(1).default(300),
  /** Codes per hour to mobiles sharing their first five digits; reaching it alerts. */
  OTP_PREFIX_HOURLY_BUDGET: z.coerce.number().int().min(1).default(60),
  /** Codes one client address may ask for per hour (demo profile: 100 times as many). */
  OTP_ADDRESS_HOURLY_LIMIT: z.coerce.number().int().min(1).optional(),
  /** Of them, codes to mobiles that are no member's (demo profile: 100 times as many). */
  OTP_ADDRESS_NON_MEMBER_HOURLY_LIMIT: z.coerce.number().int().min(1).optional(),
  /** Wrong codes one client address may enter per hour before it is held (demo profile: 100 times). */
  OTP_ADDRESS_WRONG_CODES: z.coerce.number().int().min(1).optional(),
  /** What a coupon's QR encodes: `<SCAN_BASE_URL>/q/<code>`. Required in production. */
  SCAN_BASE_URL: z.string().url().optional(),
  /**
   * Which reverse proxies may tell the client's address (X-Forwarded-For): a hop count, or
   * comma-separated addresses/CIDRs. Unset trusts none: the header is the client's own claim.
   */
  TRUST_PROXY: z.string().optional(),
  /** Who sends members' text messages: a gateway (`msg91`, `twilio`), or `log` (demo profile only). */
  SMS_SENDER: z.enum(['log', 'msg91', 'twilio']).optional(),
  /** MSG91 (India, DLT): the account's auth key, the DLT-registered sender id (header) and entity id. */
  MSG91_AUTH_KEY: z.string().optional(),
  MSG91_SENDER_ID: z.string().optional(),
  MSG91_DLT_ENTITY_ID: z.string().optional(),
  /** MSG91's API origin; a regional endpoint, a gateway of one's own or a test stand-in. */
  MSG91_BASE_URL: z.string().url().default('https://api.msg91.com'),
  /** DLT template ids by template, `otp=1707…,otp.hi=1707…`; they override the templates table's. */
  MSG91_DLT_TEMPLATE_IDS: z.string().optional(),
  /** The shared secret MSG91's delivery-report webhook carries (`?secret=` or `X-Webhook-Secret`). */
  MSG91_WEBHOOK_SECRET: z.string().optional(),
  /** Twilio Messages API: account, auth token (also the key of its callback signatures), sender. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  /** The public URL of `/api/messages/receipts/twilio` Twilio posts delivery statuses to; unset, none. */
  TWILIO_STATUS_CALLBACK_URL: z.string().url().optional(),
  /** WhatsApp Business Cloud API (template messages): a system user's token and the sender's phone number id. */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  /** The Graph API origin and version; a test stand-in or a gateway of one's own. */
  WHATSAPP_BASE_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  /** The Meta app's secret: the key of the webhook's X-Hub-Signature-256 (unset: status webhooks are refused). */
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** The token Meta's webhook subscription echoes (GET hub.verify_token); unset: the handshake is refused. */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** Firebase Cloud Messaging (HTTP v1): the service account's JSON key, inline or a file path. */
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  FCM_BASE_URL: z.string().url().default('https://fcm.googleapis.com'),
  /** Where the service account's signed JWT is exchanged for an access token (default: the key's token_uri). */
  FCM_TOKEN_URL: z.string().url().optional(),
  /** Sends per second to one provider (each of SMS, WhatsApp, push), across this instance's outbox. */
  MESSAGES_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100_000).default(50),
  /** A courier tracking page for dispatch messages, `{awb}` and `{courier}` filled in (default 17TRACK). */
  TRACKING_URL: z.string().optional(),
  /** How long one request to a message provider may take before it counts as a timeout (retried). */
  MESSAGES_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Attempts per message before it is marked failed. */
  MESSAGES_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  /** The first retry's delay; each next one doubles it (up to 10 minutes), or the provider's Retry-After. */
  MESSAGES_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Street tiles beneath the maps, e.g. `http://tiles.lan/{z}/{x}/{y}.png`; unset draws India's outline only. */
  MAP_TILE_URL: z.string().optional(),
  /** Credit shown on the maps for MAP_TILE_URL's tiles (e.g. the OpenStreetMap notice their licence asks for). */
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  /** RazorpayX Payouts (cash redemptions paid by API): key id and secret (HTTP basic auth). */
  RAZORPAYX_KEY_ID: z.string().optional(),
  RAZORPAYX_KEY_SECRET: z.string().optional(),
  /** The RazorpayX current account (customer identifier) the payouts are drawn from. */
  RAZORPAYX_ACCOUNT_NUMBER: z.string().optional(),
  /** The secret of the payout webhook (X-Razorpay-Signature is HMAC-SHA256 of the raw body under it). */
  RAZORPAYX_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAYX_BASE_URL: z.string().url().default('https://api.razorpay.com/v1'),
  /** Bank account verification at KYC: `razorpayx` (fund account validation, its variables above); unset, none. */
  BANK_VERIFIER: z.enum(['razorpayx']).optional(),
  /** HDFC ENet client code: the first part of the bank file's name (client code + DDMM + .serial). */
  HDFC_ENET_CLIENT_CODE: z.string().max(8).default('LOYALTY'),
  /** How long one request to the payout API may take before it counts as unanswered (resent later). */
  PAYOUTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** E-vouchers bought from a provider when a voucher reward has no uploaded stock: `xoxoday`; unset, none. */
  VOUCHER_PROVIDER: z.enum(['xoxoday']).optional(),
  /** Xoxoday Plum Rewards API: the bearer access token of the API client. */
  XOXODAY_ACCESS_TOKEN: z.string().optional(),
  /** Our brands to Plum product ids, `Amazon=15365,Flipkart=16012` (brands compare without case). */
  XOXODAY_PRODUCT_IDS: z.string().optional(),
  XOXODAY_BASE_URL: z.string().url().default('https://accounts.xoxoday.com/chef'),
  /** How long one request to the voucher provider may take before it counts as unanswered (asked again). */
  VOUCHER_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** The bearer token a Prometheus scrape of `/metrics` sends; unset, `/metrics` is not served. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A read replica of DATABASE_URL: reports, exports, dashboards and list counts read there. */
  DATABASE_READ_URL: z.string().url().optional(),
  /** A replica further behind than this is not read (the primary answers) until it catches up. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(86_400).default(30),
  /** On SIGTERM: how long requests in flight and running jobs get to finish before the process exits. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(25),
  /** OTLP/HTTP collector (e.g. `http://otel-collector:4318`); set, request spans are exported there. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The service name spans carry (OpenTelemetry's own variable). */
  OTEL_SERVICE_NAME: z.string().default('action-tesa'),
  /**
   * Webhook URLs on loopback, link-local or private addresses (and plain http outside production):
   * refused unless 1 (server-side request forgery); the demo profile allows them.
   */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1']).optional(),
  /** A webhook subscription whose deliveries fail for this long, without one success, is switched off. */
  WEBHOOKS_DISABLE_AFTER_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 30)
    .default(24),
  /** How long a receiver may take to answer one delivery before it counts as failed (retried). */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Deliveries in flight at once, per instance. */
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
  /** Where new files go: `postgres` (chunks in the database) or `s3` (any S3-compatible bucket). */
  FILE_STORAGE: z.enum(['postgres', 's3']).default('postgres'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  /** A store other than AWS (MinIO, R2, Google Cloud Storage's XML API, a test server). */
  S3_ENDPOINT: z.string().url().optional(),
  /** `1`: bucket in the path (`endpoint/bucket/key`), as MinIO and most local servers want. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** How long a signed download URL stays valid. */
  S3_SIGNED_URL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
});

export type Env = z.infer<typeof schema>;
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export interface Config {
  port: number;
  host: string;
  database: { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string };
  seedDemo: boolean;
  webOrigins: string[];
  webDist: string;
  logLevel: Env['LOG_LEVEL'];
  runJobs: boolean;
  production: boolean;
  /** Sign-in attempts allowed per client address per minute (account lock-out is separate). */
  loginRateLimit: number;
  /** Members' one-time codes: budgets against SMS pumping and per-address limits (member-auth). */
  otpLimits: OtpLimits;
  /** AES-256 key for PAN and bank numbers at rest (lib/field-crypto.ts). */
  encryptionKey: Buffer;
  /** The key being rotated away from (ENCRYPTION_KEY_PREVIOUS): it only opens what it sealed. */
  previousEncryptionKey: Buffer | null;
  /** Base of the URL printed in coupon QR codes. */
  scanBaseUrl: string;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Messages to members: the SMS provider and the outbox's send policy (modules/messages). */
  messaging: MessagingConfig;
  /** Street tiles beneath the web's maps (components/map); null draws the bundled outline only. */
  mapTiles: { url: string; origin: string; attribution: string } | null;
  /** Cash payouts by API (modules/payouts); `razorpayx` null: only the bank-file rail. */
  payouts: PayoutsConfig;
  /** E-vouchers bought from a provider (modules/gift-vouchers/voucher-orders.ts); null: uploaded stock only. */
  voucherProvider: VoucherProviderConfig | null;
  /** What operators watch: `/metrics`, traces, the replica, the shutdown's grace (plugins/metrics.ts). */
  operations: OperationsConfig;
  /** Webhooks out (modules/webhooks). */
  webhooks: WebhooksConfig;
  /** Where files are stored (plugins/storage.ts); `s3` is also set, for the move command, when S3_BUCKET is. */
  files: FilesConfig;
}

export interface OperationsConfig {
  /** Bearer token of `/metrics`; null: the route is not served. */
  metricsToken: string | null;
  /** The read replica (DATABASE_READ_URL) and the lag past which it is not read. */
  readReplica: { url: string; maxLagSeconds: number } | null;
  shutdownGraceSeconds: number;
  /** OTLP/HTTP endpoint of the trace collector; null: no tracing at all. */
  otlpEndpoint: string | null;
  serviceName: string;
}

/** A replica only makes sense beside a primary of one's own (DATABASE_URL); the embedded one has none. */
function operationsOf(e: Env): OperationsConfig {
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (the primary it replicates)',
    );
  return {
    metricsToken: e.METRICS_TOKEN ?? null,
    readReplica: e.DATABASE_READ_URL
      ? { url: e.DATABASE_READ_URL, maxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS }
      : null,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '') ?? null,
    serviceName: e.OTEL_SERVICE_NAME,
  };
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** null: the SDK's own chain (instance role, AWS_* variables, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  signedUrlSeconds: number;
}

export interface FilesConfig {
  storage: 'postgres' | 's3';
  s3: S3Config | null;
}

/**
 * FILE_STORAGE=s3 needs a bucket in every profile; production also names its region and keys rather
 * than guessing them (an instance that cannot write its files fails at the first upload, not at start).
 */
function filesOf(e: Env, production: boolean): FilesConfig {
  const s3 = e.FILE_STORAGE === 's3' || Boolean(e.S3_BUCKET);
  if (!s3) return { storage: 'postgres', s3: null };
  const required =
    production && e.FILE_STORAGE === 's3'
      ? (['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      : (['S3_BUCKET'] as const);
  for (const name of required)
    if (!e[name]) throw new Error(`Invalid configuration: ${name} is required with FILE_STORAGE=s3`);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      `Invalid configuration: ${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is required with ${e.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}`,
    );
  return {
    storage: e.FILE_STORAGE,
    s3: {
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION ?? 'us-east-1',
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
      credentials: e.S3_ACCESS_KEY_ID
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
        : null,
      signedUrlSeconds: e.S3_SIGNED_URL_SECONDS,
    },
  };
}

export interface WebhooksConfig {
  /** https only (production): a subscription's URL and every delivery. */
  httpsOnly: boolean;
  /** Loopback, link-local and private addresses allowed (WEBHOOKS_ALLOW_PRIVATE; the demo's default). */
  allowPrivate: boolean;
  disableAfterMs: number;
  timeoutMs: number;
  concurrency: number;
}

export interface VoucherProviderConfig {
  kind: 'xoxoday';
  accessToken: string;
  baseUrl: string;
  /** Lower-cased brand → Plum product id. */
  productIds: Record<string, number>;
  timeoutMs: number;
}

/**
 * The voucher provider, when VOUCHER_PROVIDER names one: its token and product ids are then required
 * in every profile (the error names the missing variable); unset, none is needed.
 */
function voucherProviderOf(e: Env): VoucherProviderConfig | null {
  if (!e.VOUCHER_PROVIDER) return null;
  for (const name of ['XOXODAY_ACCESS_TOKEN', 'XOXODAY_PRODUCT_IDS'] as const)
    if (!e[name]) throw new Error(`Invalid configuration: ${name} is required with VOUCHER_PROVIDER=xoxoday`);
  const productIds: Record<string, number> = {};
  for (const pair of e
    .XOXODAY_PRODUCT_IDS!.split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const brand = pair.slice(0, at).trim().replace(/\s+/g, ' ').toLowerCase();
    const id = Number(pair.slice(at + 1).trim());
    if (at <= 0 || !brand || !Number.isInteger(id) || id <= 0)
      throw new Error(
        `Invalid configuration: XOXODAY_PRODUCT_IDS entry "${pair}" is not brand=product id (e.g. Amazon=15365)`,
      );
    productIds[brand] = id;
  }
  return {
    kind: 'xoxoday',
    accessToken: e.XOXODAY_ACCESS_TOKEN!,
    baseUrl: e.XOXODAY_BASE_URL.replace(/\/+$/, ''),
    productIds,
    timeoutMs: e.VOUCHER_PROVIDER_TIMEOUT_MS,
  };
}

export interface PayoutsConfig {
  razorpayx: {
    keyId: string;
    keySecret: string;
    accountNumber: string;
    webhookSecret: string;
    baseUrl: string;
  } | null;
  timeoutMs: number;
  /** HDFC ENet client code (the bank file's name). */
  enetClientCode: string;
  /** Bank account verification through RazorpayX's fund account validation (needs `razorpayx`). */
  bankVerifier: 'razorpayx' | null;
}

const RAZORPAYX_VARIABLES = [
  'RAZORPAYX_KEY_ID',
  'RAZORPAYX_KEY_SECRET',
  'RAZORPAYX_ACCOUNT_NUMBER',
  'RAZORPAYX_WEBHOOK_SECRET',
] as const;

/**
 * RazorpayX is on when any of its variables is set; then all are needed (the error names the
 * missing one), in every profile: half a configuration would send payouts whose outcome never arrives.
 */
function payoutsOf(e: Env): PayoutsConfig {
  const set = RAZORPAYX_VARIABLES.filter((name) => e[name]);
  const common = {
    timeoutMs: e.PAYOUTS_TIMEOUT_MS,
    enetClientCode: e.HDFC_ENET_CLIENT_CODE,
    bankVerifier: e.BANK_VERIFIER ?? null,
  };
  if (set.length === 0) {
    if (e.BANK_VERIFIER)
      throw new Error('Invalid configuration: BANK_VERIFIER=razorpayx needs RAZORPAYX_KEY_ID and the others');
    return { razorpayx: null, ...common };
  }
  const missing = RAZORPAYX_VARIABLES.find((name) => !e[name]);
  if (missing) throw new Error(`Invalid configuration: ${missing} is required with ${set.join(', ')}`);
  return {
    razorpayx: {
      keyId: e.RAZORPAYX_KEY_ID!,
      keySecret: e.RAZORPAYX_KEY_SECRET!,
      accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER!,
      webhookSecret: e.RAZORPAYX_WEBHOOK_SECRET!,
      baseUrl: e.RAZORPAYX_BASE_URL.replace(/\/+$/, ''),
    },
    ...common,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (`DATABASE_URL=`) is taken as not set, as shells and .env files mean it.
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const e = parsed.data;
  const production = Boolean(e.DATABASE_URL) && e.SEED_DEMO !== '1';
  const database = e.DATABASE_URL
    ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
    : ({ kind: 'embedded', dataDir: path.resolve(REPO_ROOT, e.DATA_DIR) } as const);
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    // The embedded database is the demo profile; PostgreSQL is production unless told otherwise.
    seedDemo: database.kind === 'embedded' ? e.SEED_DEMO !== '0' : e.SEED_DEMO === '1',
    webOrigins: (e.WEB_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: e.LOG_LEVEL,
    runJobs: e.JOBS === '1',
    production,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    otpLimits: otpLimitsOf(e, production),
    encryptionKey: encryptionKeyOf(e.ENCRYPTION_KEY, production),
    previousEncryptionKey: previousKeyOf(
      e.ENCRYPTION_KEY_PREVIOUS,
      encryptionKeyOf(e.ENCRYPTION_KEY, production),
    ),
    scanBaseUrl: scanBaseUrlOf(e.SCAN_BASE_URL, production),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    messaging: messagingOf(e, production),
    mapTiles: mapTilesOf(e.MAP_TILE_URL, e.MAP_TILE_ATTRIBUTION),
    payouts: payoutsOf(e),
    voucherProvider: voucherProviderOf(e),
    operations: operationsOf(e),
    webhooks: {
      httpsOnly: production,
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ? e.WEBHOOKS_ALLOW_PRIVATE === '1' : !production,
      disableAfterMs: Math.round(e.WEBHOOKS_DISABLE_AFTER_HOURS * 3_600_000),
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      concurrency: e.WEBHOOKS_CONCURRENCY,
    },
    files: filesOf(e, production),
  };
}

/**
 * The address printed in every QR code. The demo's localhost would be printed on coupons that no
 * member's phone can open, and a printed coupon cannot be corrected: production names its own.
 */
function scanBaseUrlOf(raw: string | undefined, production: boolean): string {
  if (raw) return raw;
  if (production)
    throw new Error(
      "Invalid configuration: SCAN_BASE_URL is required in production (the public address members' phones open from a coupon's QR code)",
    );
  return 'http://localhost:3000';
}

export interface OtpLimits {
  hourlyBudget: number;
  nonMemberHourlyBudget: number;
  prefixHourlyBudget: number;
  addressHourly: number;
  addressNonMemberHourly: number;
  addressWrongCodes: number;
}

/**
 * The per-address limits suit people, not the demo profile's browser tests, which sign up many members
 * from one address: there they are a hundred times higher unless set.
 */
function otpLimitsOf(e: Env, production: boolean): OtpLimits {
  const perAddress = (value: number | undefined, fallback: number) =>
    value ?? (production ? fallback : fallback * 100);
  return {
    hourlyBudget: e.OTP_HOURLY_BUDGET,
    nonMemberHourlyBudget: e.OTP_NON_MEMBER_HOURLY_BUDGET,
    prefixHourlyBudget: e.OTP_PREFIX_HOURLY_BUDGET,
    addressHourly: perAddress(e.OTP_ADDRESS_HOURLY_LIMIT, 30),
    addressNonMemberHourly: perAddress(e.OTP_ADDRESS_NON_MEMBER_HOURLY_LIMIT, 10),
    addressWrongCodes: perAddress(e.OTP_ADDRESS_WRONG_CODES, 20),
  };
}

/** An http(s) template with {z}, {x} and {y}; its origin is added to the pages' CSP img-src. */
function mapTilesOf(raw: string | undefined, attribution: string | undefined): Config['mapTiles'] {
  const url = raw?.trim() ?? '';
  if (url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{[a-z]\}/g, '0'));
  } catch {
    throw new Error('Invalid configuration: MAP_TILE_URL must be an absolute http(s) URL');
  }
  if (!['http:', 'https:'].includes(parsed.protocol))
    throw new Error('Invalid configuration: MAP_TILE_URL must be an absolute http(s) URL');
  if (!['{z}', '{x}', '{y}'].every((p) => url.includes(p)))
    throw new Error('Invalid configuration: MAP_TILE_URL must contain {z}, {x} and {y}');
  return { url, origin: parsed.origin, attribution: attribution?.trim() ?? '' };
}

function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true')
    throw new Error(
      "Invalid configuration: TRUST_PROXY takes a hop count or the proxies' addresses, not true",
    );
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type SmsProviderConfig =
  | { sender: 'log' }
  | {
      sender: 'msg91';
      authKey: string;
      senderId: string;
      dltEntityId: string;
      baseUrl: string;
      /** `key` or `key.language` → DLT template id (MSG91_DLT_TEMPLATE_IDS). */
      dltTemplateIds: Record<string, string>;
    }
  | {
      sender: 'twilio';
      accountSid: string;
      authToken: string;
      from: string;
      baseUrl: string;
      statusCallbackUrl: string | null;
    };

export interface WhatsappConfig {
  token: string;
  phoneNumberId: string;
  baseUrl: string;
}

export interface FcmConfig {
  /** The service account key's fields FCM needs. */
  projectId: string;
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
  tokenUrl: string;
  baseUrl: string;
}

export interface MessagingConfig {
  sms: SmsProviderConfig;
  /** MSG91's delivery reports are refused (401) without it. */
  msg91WebhookSecret: string | null;
  /** Twilio's callbacks are verified with its auth token; without one they are refused. */
  twilioAuthToken: string | null;
  twilioStatusCallbackUrl: string | null;
  whatsapp: WhatsappConfig | null;
  /** Meta's webhook signatures are checked with it; without one the status webhook is refused. */
  whatsappAppSecret: string | null;
  whatsappVerifyToken: string | null;
  fcm: FcmConfig | null;
  /** Sends per second to each provider (MESSAGES_RATE_PER_SECOND). */
  ratePerSecond: number;
  sendTimeoutMs: number;
  maxAttempts: number;
  retryBaseSeconds: number;
}

/**
 * The SMS provider. Production must name a real gateway: `log` (the demo's) or nothing would leave
 * members without one-time codes, so sign-in would silently be impossible. A chosen provider needs
 * every one of its credentials, in any profile; the message names the missing variable.
 */
function messagingOf(e: Env, production: boolean): MessagingConfig {
  const sender = e.SMS_SENDER;
  if (production && (sender === undefined || sender === 'log'))
    throw new Error(
      `Invalid configuration: SMS_SENDER must name an SMS gateway in production (msg91 or twilio)${sender === 'log' ? '; log is for the demo profile only' : ''}`,
    );
  const need = (name: keyof Env): string => {
    const value = e[name];
    if (typeof value !== 'string' || value.trim() === '')
      throw new Error(`Invalid configuration: ${name} is required with SMS_SENDER=${sender}`);
    return value.trim();
  };
  const needFor = (name: keyof Env, what: string): string => {
    const value = e[name];
    if (typeof value !== 'string' || value.trim() === '')
      throw new Error(`Invalid configuration: ${name} is required to send ${what} messages`);
    return value.trim();
  };
  let sms: SmsProviderConfig = { sender: 'log' };
  if (sender === 'msg91')
    sms = {
      sender,
      authKey: need('MSG91_AUTH_KEY'),
      senderId: need('MSG91_SENDER_ID'),
      dltEntityId: need('MSG91_DLT_ENTITY_ID'),
      baseUrl: e.MSG91_BASE_URL.replace(/\/+$/, ''),
      dltTemplateIds: dltTemplateIdsOf(e.MSG91_DLT_TEMPLATE_IDS),
    };
  if (sender === 'twilio')
    sms = {
      sender,
      accountSid: need('TWILIO_ACCOUNT_SID'),
      authToken: need('TWILIO_AUTH_TOKEN'),
      from: need('TWILIO_FROM'),
      baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
      statusCallbackUrl: e.TWILIO_STATUS_CALLBACK_URL ?? null,
    };
  return {
    sms,
    msg91WebhookSecret: e.MSG91_WEBHOOK_SECRET?.trim() || null,
    twilioAuthToken: e.TWILIO_AUTH_TOKEN?.trim() || null,
    twilioStatusCallbackUrl: e.TWILIO_STATUS_CALLBACK_URL ?? null,
    whatsapp:
      e.WHATSAPP_TOKEN?.trim() || e.WHATSAPP_PHONE_NUMBER_ID?.trim()
        ? {
            token: needFor('WHATSAPP_TOKEN', 'WhatsApp'),
            phoneNumberId: needFor('WHATSAPP_PHONE_NUMBER_ID', 'WhatsApp'),
            baseUrl: e.WHATSAPP_BASE_URL.replace(/\/+$/, ''),
          }
        : null,
    whatsappAppSecret: e.WHATSAPP_APP_SECRET?.trim() || null,
    whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN?.trim() || null,
    fcm: e.FCM_SERVICE_ACCOUNT?.trim() ? fcmOf(e) : null,
    ratePerSecond: e.MESSAGES_RATE_PER_SECOND,
    sendTimeoutMs: e.MESSAGES_SEND_TIMEOUT_MS,
    maxAttempts: e.MESSAGES_MAX_ATTEMPTS,
    retryBaseSeconds: e.MESSAGES_RETRY_BASE_SECONDS,
  };
}

/** FCM_SERVICE_ACCOUNT: the key's JSON itself, or the path of its file; a broken one stops start-up. */
function fcmOf(e: Env): FcmConfig {
  const given = e.FCM_SERVICE_ACCOUNT!.trim();
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(given.startsWith('{') ? given : readFileSync(given, 'utf8'));
  } catch (error) {
    throw new Error(
      `Invalid configuration: FCM_SERVICE_ACCOUNT is not a service account key (${(error as Error).message})`,
    );
  }
  const field = (name: string) => {
    const value = key[name];
    if (typeof value !== 'string' || !value)
      throw new Error(`Invalid configuration: FCM_SERVICE_ACCOUNT has no ${name}`);
    return value;
  };
  return {
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    privateKeyId: typeof key.private_key_id === 'string' ? key.private_key_id : null,
    tokenUrl:
      e.FCM_TOKEN_URL ??
      (typeof key.token_uri === 'string' ? key.token_uri : 'https://oauth2.googleapis.com/token'),
    baseUrl: e.FCM_BASE_URL.replace(/\/+$/, ''),
  };
}

/** `otp=1707…, otp.hi=1707…`: DLT template ids are 19 digits; anything else is a typo caught at start. */
function dltTemplateIdsOf(raw: string | undefined): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const pair of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, id] = pair.split('=').map((s) => s.trim());
    if (!key || !id || !/^[a-z][a-z0-9_.-]*$/.test(key) || !/^\d{10,25}$/.test(id))
      throw new Error(
        `Invalid configuration: MSG91_DLT_TEMPLATE_IDS: "${pair}" is not template=DLT template id (digits)`,
      );
    ids[key] = id;
  }
  return ids;
}

/** The demo and test profiles share a fixed key; production must bring its own. */
export const DEV_ENCRYPTION_KEY = createHash('sha256')
  .update('action-tesa demo key, never for production')
  .digest();

function encryptionKeyOf(raw: string | undefined, production: boolean): Buffer {
  if (!raw) {
    if (production) throw new Error('Invalid configuration: ENCRYPTION_KEY is required in production');
    return DEV_ENCRYPTION_KEY;
  }
  return keyBytes('ENCRYPTION_KEY', raw);
}

function keyBytes(variable: string, raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32)
    throw new Error(`Invalid configuration: ${variable} must be 32 bytes (hex or base64)`);
  return key;
}

/** Set only while rotating (README, "Changing ENCRYPTION_KEY"); the same key twice is a mistake. */
function previousKeyOf(raw: string | undefined, current: Buffer): Buffer | null {
  if (!raw) return null;
  const key = keyBytes('ENCRYPTION_KEY_PREVIOUS', raw);
  if (key.equals(current))
    throw new Error('Invalid configuration: ENCRYPTION_KEY_PREVIOUS is the same key as ENCRYPTION_KEY');
  return key;
}
