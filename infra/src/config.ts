import { existsSync } from 'node:fs';
import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The projector's and the mailer's /health/live and /health/ready; 0 turns them off.
  PROJECTOR_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  MAILER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .default('postgres://postgres@127.0.0.1:5432/ledgerstone'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).default('ledgerstone-proofs'),
  S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
});

export type StartConfig = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Loads `.env` when present; variables already set in the environment win. */
export function loadDotEnv(path: string): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

export function parseConfig(env: NodeJS.ProcessEnv): StartConfig {
  // An empty value (`S3_ENDPOINT=` in .env) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
}
