import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseDatabaseUrl } from './db/hosts.js';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A PostgreSQL address as `parseDatabaseUrl` reads it, its own message when it cannot. */
const databaseUrl = z
  .string()
  .superRefine((url, ctx) => {
    try {
      parseDatabaseUrl(url);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
    }
  })
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // One host, or a primary and its standbys (h1:5432,h2:5432, target_session_attrs=read-write; decision 0036).
  DATABASE_URL: databaseUrl,
  // PostgreSQL, optional: the role that owns the tables runs the migrations; DATABASE_URL's role then only reads
  // and writes rows, so the app cannot drop the guards on its records (deploy/database-roles.md).
  DATABASE_OWNER_URL: databaseUrl,
  // PostgreSQL: a request waits at most this long for a connection, and a statement runs at most this long (0: no
  // limit), so an unreachable database answers 503 in seconds instead of hanging (decision 0031).
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('FieldLot <no-reply@fieldlot.example>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // true (every hop is believed: only the proxy may reach the port) or the proxies' addresses (10.0.1.5,10.0.2.0/24).
  TRUST_PROXY: z.union([bool, proxyAddresses()]).default(false),
  DEMO: bool.optional(),
  // The longest a cached first inventory page is kept; changes drop it at once (0: off; decision 0023).
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  BRAND_NAME: z.string().default('FieldLot'),
  SUPPORT_EMAIL: z.email().default('support@fieldlot.example'),
  SUPPORT_PHONE: z.string().default('+1 (302) 555-0147'),
  OFFICE_ADDRESS: z.string().default('8 The Green, Suite 400, Dover, DE 19901'),
  // Unset: the current year, read when the footer is served (a long-running server turns the year too).
  COPYRIGHT_YEAR: z.coerce.number().int().optional(),
  // After the deal (docs/product/purchases.md): invoice details, due dates, delivery estimates, the guarantee.
  WIRE_INSTRUCTIONS: z
    .string()
    .default(
      'Bank: First Prairie Bank, Dover, DE · Account name: FieldLot Inc. · Routing: 031100001 · Account: 4400123456 · Reference: your invoice number',
    ),
  PAYMENT_DUE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  // Dollars and cents per road mile, and the least a delivery costs (whole dollars).
  TRANSPORT_RATE_PER_MILE: z.coerce.number().min(0).max(100).default(3.25),
  TRANSPORT_MINIMUM: z.coerce.number().int().min(0).max(100_000).default(350),
  GUARANTEE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  // Business days from paid in full, collected and title received to the seller's payout (purchases.md#paying-the-seller).
  SELLER_PAYOUT_DAYS: z.coerce.number().int().min(0).max(60).default(10),
  WORKERS: bool.default(true),
  // What FieldLot keeps from a dealer's sale (docs/product/dealer-selling.md#seller-fee), in cents: $250.
  SELLER_FEE_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(25_000),
  // After SIGTERM, /api/health/ready answers 503 this long before the server stops accepting (load balancers
  // that poll readiness stop sending requests first).
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  // Offers and counter-offers expire this long after they were made or countered (docs/product/dealer-tools.md).
  OFFER_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(48),
  // How often each instance sweeps expired offers (the sweep is exactly-once per offer by itself).
  OFFER_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Multiplies every per-recipient mail cap (docs/product/mail.md#recipient-cap): for demo and test servers whose
  // few accounts get far more mail in an hour than a real dealer does.
  MAIL_RECIPIENT_CAP_FACTOR: z.coerce.number().int().min(1).max(100).default(1),
  // A farmer's tractor is shown only to the dealerships granted its first look this long after it goes live
  // (docs/product/want-lists.md#first-look).
  FIRST_LOOK_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  // Operator metrics (docs/decisions/0037-operator-metrics.md): GET /metrics on the app's port answers only this
  // bearer token (unset: 404); METRICS_PORT serves it on a port of its own on METRICS_HOST (unset: off).
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Test only (refused in production): a file holding a clock offset in milliseconds, so browser journeys can
  // move the server's time (docs/decisions/0022).
  TEST_CLOCK_FILE: z.string().optional(),
});

/** A comma-separated list of addresses or CIDR ranges, as Fastify's trustProxy takes them. */
function proxyAddresses() {
  return z
    .string()
    .transform((v) => v.split(',').map((a) => a.trim()))
    .refine(
      (list) =>
        list.every((a) => {
          const [ip, bits, extra] = a.split('/');
          const version = isIP(ip);
          const max = version === 4 ? 32 : 128;
          return (
            version !== 0 &&
            extra === undefined &&
            (bits === undefined || (/^\d+$/.test(bits) && +bits <= max))
          );
        }),
      { message: "must be true, false or the proxies' addresses (10.0.1.5,10.0.2.0/24)" },
    );
}

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL: the owner role's URL, used only to run the migrations (DATABASE_OWNER_URL); else databaseUrl. */
  databaseOwnerUrl?: string;
  /** PostgreSQL: the longest wait for a connection, and the statement_timeout (0: none); decision 0031. */
  databaseTimeouts: { connectMs: number; statementMs: number };
  publicUrl: string;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail?: string;
  adminPassword?: string;
  /** true: believe X-Forwarded-For from anyone; a list: only from these addresses. */
  trustProxy: boolean | string[];
  demo: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** The longest a first inventory page is kept in process; the database's change notices drop it sooner (0: off). */
  pageCacheMs: number;
  /** How long a session read from the database is kept in process (0: off; decision 0020). */
  sessionCacheMs: number;
  /** Requests slower than this are logged (with errors and a sample of the rest; decision 0020). */
  slowRequestMs: number;
  /** The share of other requests logged (0.01). */
  requestLogSample: number;
  digestHour: number;
  workers: boolean;
  sellerFeeCents: number;
  shutdownDelaySeconds: number;
  offerTtlHours: number;
  offerExpirySweepSeconds: number;
  mailRecipientCapFactor: number;
  firstLookHours: number;
  /** Prometheus metrics (decision 0037): the bearer token of /metrics, and a port of its own (both optional). */
  metrics: { token?: string; port?: number; host: string };
  /** Test only: the server's clock adds the milliseconds written in this file (lib/clock.ts FileOffsetClock). */
  testClockFile?: string;
  purchases: {
    wireInstructions: string;
    paymentDueDays: number;
    transportRatePerMileCents: number;
    transportMinimumCents: number;
    guaranteeDays: number;
    sellerPayoutDays: number;
  };
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  brand: {
    name: string;
    supportEmail: string;
    supportPhone: string;
    officeAddress: string;
    /** null: the current year. */
    copyrightYear: number | null;
  };
}

/** Thrown with one line that names the variable; server.ts prints it and exits. */
export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (production && !e.SESSION_SECRET)
    throw new ConfigError('Missing environment variable SESSION_SECRET: required when NODE_ENV=production');
  if (production && !e.PUBLIC_URL)
    throw new ConfigError('Missing environment variable PUBLIC_URL: required when NODE_ENV=production');
  if (production && e.TEST_CLOCK_FILE)
    throw new ConfigError(
      'Invalid environment variable TEST_CLOCK_FILE: not allowed when NODE_ENV=production',
    );
  if (e.DATABASE_OWNER_URL && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid environment variable DATABASE_OWNER_URL: needs DATABASE_URL (the embedded database has one role)',
    );
  const s3Keys = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment variable S3_ENDPOINT: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret: e.SESSION_SECRET ?? sessionSecretFromDataDir(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    // Demo data and the sample-listings button only on the embedded default unless asked for.
    demo: e.DEMO ?? (!e.DATABASE_URL && !production),
    logLevel: e.LOG_LEVEL,
    // Tests change users and sessions behind the server's back; the cache's own tests turn it on.
    sessionCacheMs: e.NODE_ENV === 'test' ? 0 : 3000,
    pageCacheMs: e.NODE_ENV === 'test' ? 0 : e.PAGE_CACHE_MS,
    slowRequestMs: 500,
    requestLogSample: 0.01,
    digestHour: e.DIGEST_HOUR,
    workers: e.WORKERS,
    sellerFeeCents: e.SELLER_FEE_CENTS,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    offerTtlHours: e.OFFER_TTL_HOURS,
    offerExpirySweepSeconds: e.OFFER_EXPIRY_SWEEP_SECONDS,
    mailRecipientCapFactor: e.MAIL_RECIPIENT_CAP_FACTOR,
    firstLookHours: e.FIRST_LOOK_HOURS,
    testClockFile: e.TEST_CLOCK_FILE,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    purchases: {
      wireInstructions: e.WIRE_INSTRUCTIONS,
      paymentDueDays: e.PAYMENT_DUE_DAYS,
      transportRatePerMileCents: Math.round(e.TRANSPORT_RATE_PER_MILE * 100),
      transportMinimumCents: e.TRANSPORT_MINIMUM * 100,
      guaranteeDays: e.GUARANTEE_DAYS,
      sellerPayoutDays: e.SELLER_PAYOUT_DAYS,
    },
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    brand: {
      name: e.BRAND_NAME,
      supportEmail: e.SUPPORT_EMAIL,
      supportPhone: e.SUPPORT_PHONE,
      officeAddress: e.OFFICE_ADDRESS,
      copyrightYear: e.COPYRIGHT_YEAR ?? null,
    },
  };
}

/** Embedded default: a secret generated once into the data folder, so sessions survive restarts. */
function sessionSecretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A config for tests: everything explicit, nothing read from the machine's environment. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: overrides.dataDir ?? '.tmp/test-data',
      SESSION_SECRET: 'x'.repeat(32),
      WORKERS: 'false',
      DEMO: 'false',
      LOG_LEVEL: 'silent',
    }),
    ...overrides,
  };
}
