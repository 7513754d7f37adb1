import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const environment = z.object({
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
});

export interface ProjectorConfig {
  databaseUrl: string;
  redisUrl: string;
  /** Key prefix of the mail queue, the same as the api's and the mailer's. */
  redisPrefix: string;
  logLevel: LogLevel;
  /** Port of GET /health/live and /health/ready; null (PROJECTOR_HEALTH_PORT=0) runs no health server. */
  healthPort: number | null;
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
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    redisUrl: parsed.data.REDIS_URL,
    redisPrefix: parsed.data.REDIS_PREFIX,
    logLevel: parsed.data.LOG_LEVEL,
    healthPort: parsed.data.PROJECTOR_HEALTH_PORT || null,
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
