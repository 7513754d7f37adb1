import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const environment = z.object({
  APP_MODE: z.enum(['local', 'production']).default('local'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .default('postgres://postgres@127.0.0.1:5432/ledgerstone'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]+$/)
    .default('ledgerstone'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PROJECTOR_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  PROJECTOR_MIN_PAGE_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(100),
  // The site the "This wasn't me: lock my account" links of withdrawal mails open, the same as the api's.
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  // Signs those links; the api checks them with the same key.
  ACCOUNT_LINK_KEY: z.string().min(32, 'Use at least 32 random characters').optional(),
});

/**
 * Local mode only, the api's value: anyone can read it here, so production refuses to start without a key of its
 * own. Copied rather than imported, as the projector does not depend on the api.
 */
export const LOCAL_ACCOUNT_LINK_KEY = 'ledgerstone-local-development-account-link-key';

export interface ProjectorConfig {
  mode: 'local' | 'production';
  databaseUrl: string;
  redisUrl: string;
  /** Key prefix of the mail queue, the same as the api's and the mailer's. */
  redisPrefix: string;
  logLevel: LogLevel;
  /** Port of GET /health/live and /health/ready; null (PROJECTOR_HEALTH_PORT=0) runs no health server. */
  healthPort: number | null;
  /** Shortest time between two reads of the log while following it: how long events gather into one page. */
  minPageIntervalMs: number;
  publicUrl: string;
  /** The key of the lock links in mails, shared with the api. */
  accountLinkKey: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the projector's settings; an unset or empty variable takes its default. */
export function loadConfig(env: Record<string, string | undefined>): ProjectorConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const values = parsed.data;
  if (values.APP_MODE === 'production' && !values.ACCOUNT_LINK_KEY) {
    throw new ConfigError('Invalid environment variable ACCOUNT_LINK_KEY: required in production');
  }
  return {
    mode: values.APP_MODE,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    logLevel: values.LOG_LEVEL,
    healthPort: values.PROJECTOR_HEALTH_PORT || null,
    minPageIntervalMs: values.PROJECTOR_MIN_PAGE_INTERVAL_MS,
    publicUrl: values.PUBLIC_URL,
    accountLinkKey: values.ACCOUNT_LINK_KEY ?? LOCAL_ACCOUNT_LINK_KEY,
  };
}

/** The configuration, or one line on stderr naming the bad variable and exit code 1. */
export function loadConfigOrExit(program: string): ProjectorConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${program}: ${error.message}\n`);
    process.exit(1);
  }
}
