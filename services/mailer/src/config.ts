import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const environment = z.object({
  APP_MODE: z.enum(['local', 'production']).default('local'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]+$/, 'Use letters, digits and _ : . - only')
    .default('ledgerstone'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().trim().min(3).default('Ledgerstone <no-reply@ledgerstone.local>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // Wait before the first retry of a mail; each further retry waits twice as long as the one before.
  MAIL_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  MAILER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
});

export interface MailerConfig {
  mode: 'local' | 'production';
  redisUrl: string;
  redisPrefix: string;
  smtpUrl: string;
  mailFrom: string;
  logLevel: LogLevel;
  backoffMs: number;
  /** Port of GET /health/live and /health/ready; null (MAILER_HEALTH_PORT=0) runs no health server. */
  healthPort: number | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the mailer's settings; an unset or empty variable takes its default. */
export function loadConfig(env: Record<string, string | undefined>): MailerConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const values = parsed.data;
  return {
    mode: values.APP_MODE,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    logLevel: values.LOG_LEVEL,
    backoffMs: values.MAIL_BACKOFF_MS,
    healthPort: values.MAILER_HEALTH_PORT || null,
  };
}
