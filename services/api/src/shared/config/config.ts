import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emailSchema, identityMessages, newPasswordSchema } from '@ledgerstone/contracts';
import type { ApprovalPolicy } from '@ledgerstone/ledger';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { isCommonPassword } from '../auth/password-policy.js';
import type { SessionPolicy } from '../auth/session-policy.js';
import {
  loadRateLimitConfig,
  loadSecondFactorLimits,
  type RateLimitConfig,
  type SecondFactorLimits,
} from '../rate-limits/rate-limits.config.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The repository root, from src/shared/config/ under jest and from dist/ when built. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

export const MARKET_PRICE_SOURCES = ['sample', 'coingecko'] as const;

export const DEFAULT_ADMIN_EMAIL = 'admin@ledgerstone.local';

const moneySetting = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Use an amount such as 50000.00');

const environment = z.object({
  APP_MODE: z.enum(['local', 'production']).default('local'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .default('postgres://postgres@127.0.0.1:5432/ledgerstone'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]+$/, 'Use letters, digits and _ : . - only')
    .default('ledgerstone'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Not a valid bucket name')
    .default('ledgerstone-proofs'),
  // s3rver, which `npm start` runs locally, accepts only this fixed key pair.
  S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  SPA_DIR: z.string().min(1).default('frontend/dist'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // Behind nginx or a load balancer: how many proxy hops to trust for the client IP that rate limits count.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  COOKIE_SECRET: z.string().min(32, 'Use at least 32 random characters').optional(),
  // Seals the authenticator app secrets at rest (AES-256-GCM); changing it makes every stored secret unreadable.
  TWO_FACTOR_KEY: z.string().min(32, 'Use at least 32 random characters').optional(),
  // Signs the "This wasn't me: lock my account" links in mails; the projector signs with the same key.
  ACCOUNT_LINK_KEY: z.string().min(32, 'Use at least 32 random characters').optional(),
  // Withdrawal protection: a new payout address's cooling period and the pause after a security change (0 = off).
  WALLET_COOLING_HOURS: z.coerce.number().int().min(0).max(720).default(48),
  SECURITY_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  WITHDRAWAL_LIMIT_DAY: moneySetting.default('50000.00'),
  WITHDRAWAL_LIMIT_30D: moneySetting.default('250000.00'),
  // How many withdrawals a member may have awaiting review at once: each keeps a place in the account's state.
  WITHDRAWALS_PENDING_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10),
  // Four eyes on money: on by default in production, off in local mode (a single-admin demo).
  APPROVALS: z.enum(['on', 'off'], { error: 'Use on or off' }).optional(),
  APPROVAL_DEPOSIT_OVER: moneySetting.default('10000.00'),
  APPROVAL_WITHDRAWAL_OVER: moneySetting.default('10000.00'),
  APPROVAL_EXPIRY_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  // Browser tests only: a file holding milliseconds by which the api's clock runs ahead. Refused in production.
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  REMEMBERED_SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  // The first admin, created at start when there is none.
  ADMIN_EMAIL: emailSchema.default(DEFAULT_ADMIN_EMAIL),
  ADMIN_PASSWORD: newPasswordSchema
    .refine((password) => !isCommonPassword(password), identityMessages.commonPassword)
    .optional(),
  // Demo plans and payment methods when the catalog is empty; default true in local mode, false in production.
  SEED_DEMO_DATA: z.enum(['true', 'false'], { error: 'Use true or false' }).optional(),
  // Where the price ticker's quotes come from: offline sample figures, or CoinGecko's public api.
  MARKET_PRICES_PROVIDER: z.enum(MARKET_PRICE_SOURCES).default('sample'),
  MARKET_PRICES_COINGECKO_URL: z.url({ protocol: /^https?$/ }).default('https://api.coingecko.com/api/v3'),
  // A Prometheus scraper's bearer token for GET /api/metrics; unset, only an admin session may read them.
  METRICS_TOKEN: z
    .string()
    .min(32, 'Use at least 32 random characters')
    .regex(/^[\x21-\x7e]+$/, 'Use printable characters without spaces')
    .optional(),
});

/** Local mode only: anyone can read it here, so production refuses to start without a secret of its own. */
export const LOCAL_COOKIE_SECRET = 'ledgerstone-local-development-cookie-secret';
/** Local mode only, like LOCAL_COOKIE_SECRET: production refuses to start without a key of its own. */
export const LOCAL_TWO_FACTOR_KEY = 'ledgerstone-local-development-two-factor-key';
/** Local mode only, like LOCAL_COOKIE_SECRET. */
export const LOCAL_ACCOUNT_LINK_KEY = 'ledgerstone-local-development-account-link-key';

export interface WithdrawalProtectionConfig {
  coolingHours: number;
  holdHours: number;
  defaultLimits: { daily: bigint; thirtyDays: bigint };
  /** The most withdrawals a member may have awaiting review at once. */
  pendingMax: number;
}

export interface ObjectStorageConfig {
  /** Unset means AWS S3 itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

export interface MarketPricesConfig {
  provider: (typeof MARKET_PRICE_SOURCES)[number];
  /** The root of CoinGecko's api, used when the provider is coingecko. */
  coinGeckoUrl: string;
}

export interface ApiConfig {
  mode: 'local' | 'production';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  objectStorage: ObjectStorageConfig;
  smtpUrl: string;
  publicUrl: string;
  /** Absolute path of the built SPA. */
  spaDir: string;
  logLevel: LogLevel;
  trustProxyHops: number;
  rateLimits: RateLimitConfig;
  /** Wrong second-factor codes, limited like wrong passwords. */
  secondFactorLimits: SecondFactorLimits;
  /** Signs the short-lived verification cookie. */
  cookieSecret: string;
  /** Seals authenticator app secrets at rest. */
  twoFactorKey: string;
  /** Signs the lock-my-account links. */
  accountLinkKey: string;
  withdrawalProtection: WithdrawalProtectionConfig;
  /** Which admin actions need a second admin, and how long a proposal waits for one. */
  approvals: ApprovalPolicy;
  /** Browser tests only: where the clock's offset is read from. */
  testClockFile?: string;
  sessions: SessionPolicy;
  /** The admin created at start when there is none; without a password, one is generated and logged once. */
  firstAdmin: { email: string; password?: string };
  /** Seed the demo catalog at start when it is empty. */
  seedDemoData: boolean;
  marketPrices: MarketPricesConfig;
  /** The bearer token that also opens GET /api/metrics; undefined means admin sessions only. */
  metricsToken?: string;
}

export { ConfigError };

/** A relative SPA_DIR means the working directory when it exists there, else the repository root. */
function resolveSpaDir(dir: string): string {
  if (isAbsolute(dir)) return dir;
  const fromWorkingDirectory = resolve(process.cwd(), dir);
  return existsSync(fromWorkingDirectory) ? fromWorkingDirectory : resolve(REPO_ROOT, dir);
}

function cents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Reads the api's settings; an unset or empty variable takes its default. */
export function loadConfig(env: Record<string, string | undefined>): ApiConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const values = parsed.data;
  if (values.APP_MODE === 'production' && !values.COOKIE_SECRET) {
    throw new ConfigError('Invalid environment variable COOKIE_SECRET: required in production');
  }
  if (values.APP_MODE === 'production' && !values.TWO_FACTOR_KEY) {
    throw new ConfigError('Invalid environment variable TWO_FACTOR_KEY: required in production');
  }
  if (values.APP_MODE === 'production' && values.TEST_CLOCK_FILE) {
    throw new ConfigError('Invalid environment variable TEST_CLOCK_FILE: never in production');
  }
  if (values.APP_MODE === 'production' && !values.ACCOUNT_LINK_KEY) {
    throw new ConfigError('Invalid environment variable ACCOUNT_LINK_KEY: required in production');
  }
  const daily = cents(values.WITHDRAWAL_LIMIT_DAY);
  const thirtyDays = cents(values.WITHDRAWAL_LIMIT_30D);
  if (daily <= 0n || daily > thirtyDays) {
    throw new ConfigError(
      'Invalid environment variable WITHDRAWAL_LIMIT_DAY: above zero and no higher than WITHDRAWAL_LIMIT_30D',
    );
  }
  return {
    mode: values.APP_MODE,
    port: values.PORT,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    objectStorage: {
      endpoint: values.S3_ENDPOINT,
      region: values.S3_REGION,
      bucket: values.S3_BUCKET,
      credentials: { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY },
    },
    smtpUrl: values.SMTP_URL,
    publicUrl: values.PUBLIC_URL,
    spaDir: resolveSpaDir(values.SPA_DIR),
    logLevel: values.LOG_LEVEL,
    trustProxyHops: values.TRUST_PROXY_HOPS,
    rateLimits: loadRateLimitConfig(env),
    secondFactorLimits: loadSecondFactorLimits(env),
    cookieSecret: values.COOKIE_SECRET ?? LOCAL_COOKIE_SECRET,
    twoFactorKey: values.TWO_FACTOR_KEY ?? LOCAL_TWO_FACTOR_KEY,
    accountLinkKey: values.ACCOUNT_LINK_KEY ?? LOCAL_ACCOUNT_LINK_KEY,
    withdrawalProtection: {
      coolingHours: values.WALLET_COOLING_HOURS,
      holdHours: values.SECURITY_HOLD_HOURS,
      defaultLimits: { daily, thirtyDays },
      pendingMax: values.WITHDRAWALS_PENDING_MAX,
    },
    approvals: {
      // Production is never without four eyes unless APPROVALS=off says so in as many words.
      enabled: (values.APPROVALS ?? (values.APP_MODE === 'production' ? 'on' : 'off')) === 'on',
      depositOver: cents(values.APPROVAL_DEPOSIT_OVER),
      withdrawalOver: cents(values.APPROVAL_WITHDRAWAL_OVER),
      expiryHours: values.APPROVAL_EXPIRY_HOURS,
    },
    testClockFile: values.TEST_CLOCK_FILE,
    sessions: {
      idleMinutes: values.SESSION_IDLE_MINUTES,
      rememberedIdleDays: values.REMEMBERED_SESSION_IDLE_DAYS,
    },
    firstAdmin: { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD },
    seedDemoData: values.SEED_DEMO_DATA ? values.SEED_DEMO_DATA === 'true' : values.APP_MODE === 'local',
    marketPrices: {
      provider: values.MARKET_PRICES_PROVIDER,
      coinGeckoUrl: values.MARKET_PRICES_COINGECKO_URL,
    },
    metricsToken: values.METRICS_TOKEN,
  };
}
