import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every environment variable the server reads, but ADMIN_EMAIL/ADMIN_PASSWORD (db/prepare.ts). */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; absent means the embedded PGlite database. */
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
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** What a coupon's QR encodes: `<SCAN_BASE_URL>/q/<code>`. */
  SCAN_BASE_URL: z.string().url().default('http://localhost:3000'),
  /**
   * Which reverse proxies may tell the client's address (X-Forwarded-For): a hop count, or
   * comma-separated addresses/CIDRs. Unset trusts none: the header is the client's own claim.
   */
  TRUST_PROXY: z.string().optional(),
  /** `log` opts in to writing member text messages to the server log (codes withheld in production). */
  SMS_SENDER: z.enum(['log']).optional(),
  /** Street tiles beneath the maps, e.g. `http://tiles.lan/{z}/{x}/{y}.png`; unset draws India's outline only. */
  MAP_TILE_URL: z.string().optional(),
  /** Credit shown on the maps for MAP_TILE_URL's tiles (e.g. the OpenStreetMap notice their licence asks for). */
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
});

export type Env = z.infer<typeof schema>;
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export interface Config {
  port: number;
  host: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  seedDemo: boolean;
  webOrigins: string[];
  webDist: string;
  logLevel: Env['LOG_LEVEL'];
  runJobs: boolean;
  production: boolean;
  /** Sign-in attempts allowed per client address per minute (account lock-out is separate). */
  loginRateLimit: number;
  /** AES-256 key for PAN and bank numbers at rest (lib/field-crypto.ts). */
  encryptionKey: Buffer;
  /** Base of the URL printed in coupon QR codes. */
  scanBaseUrl: string;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Text messages go to the log (no gateway is built in); their text only outside production. */
  sms: { sender: 'log'; logText: boolean };
  /** Street tiles beneath the web's maps (components/map); null draws the bundled outline only. */
  mapTiles: { url: string; origin: string; attribution: string } | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const e = parsed.data;
  const production = Boolean(e.DATABASE_URL) && e.SEED_DEMO !== '1';
  const database = e.DATABASE_URL
    ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: path.resolve(REPO_ROOT, e.DATA_DIR) } as const);
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    // The embedded database is the demo profile; PostgreSQL is production unless told otherwise.
    seedDemo: database.kind === 'pglite' ? e.SEED_DEMO !== '0' : e.SEED_DEMO === '1',
    webOrigins: (e.WEB_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: e.LOG_LEVEL,
    runJobs: e.JOBS === '1',
    production,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    encryptionKey: encryptionKeyOf(e.ENCRYPTION_KEY, production),
    scanBaseUrl: e.SCAN_BASE_URL,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    sms: smsOf(e.SMS_SENDER, production),
    mapTiles: mapTilesOf(e.MAP_TILE_URL, e.MAP_TILE_ATTRIBUTION),
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

/**
 * No SMS gateway is built in yet. The demo writes codes to the log; production must say it accepts
 * that (no codes reach members) rather than find out from a member who never got one.
 */
function smsOf(raw: 'log' | undefined, production: boolean): Config['sms'] {
  if (!raw && production)
    throw new Error(
      'Invalid configuration: SMS_SENDER is required in production (SMS_SENDER=log accepts that one-time codes are neither delivered nor logged)',
    );
  return { sender: 'log', logText: !production };
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
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32)
    throw new Error('Invalid configuration: ENCRYPTION_KEY must be 32 bytes (hex or base64)');
  return key;
}
