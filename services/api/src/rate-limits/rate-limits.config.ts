import { z } from 'zod';
import { ConfigError } from '../config-error.js';

export interface Limit {
  points: number;
  windowSeconds: number;
}

export interface RateLimitConfig {
  signupPerIp: Limit;
  loginPerIp: Limit;
  loginFailuresPerAccount: Limit;
  verifyPerIp: Limit;
  resendPerAccount: Limit;
  forgotPasswordPerAccount: Limit;
  forgotPasswordPerIp: Limit;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const environment = z.object({
  RATE_LIMIT_SIGNUP_PER_IP_HOUR: count(20),
  RATE_LIMIT_LOGIN_PER_IP_MINUTE: count(20),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: count(10),
  RATE_LIMIT_VERIFY_PER_IP_HOUR: count(30),
  RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE: count(1),
  RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR: count(5),
  RATE_LIMIT_FORGOT_PER_IP_HOUR: count(20),
});

/** Reads the limits' sizes; the windows are part of each variable's meaning. An unset or empty variable takes its default. */
export function loadRateLimitConfig(env: Record<string, string | undefined>): RateLimitConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const values = parsed.data;
  return {
    signupPerIp: { points: values.RATE_LIMIT_SIGNUP_PER_IP_HOUR, windowSeconds: HOUR },
    loginPerIp: { points: values.RATE_LIMIT_LOGIN_PER_IP_MINUTE, windowSeconds: MINUTE },
    loginFailuresPerAccount: {
      points: values.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      windowSeconds: 15 * MINUTE,
    },
    verifyPerIp: { points: values.RATE_LIMIT_VERIFY_PER_IP_HOUR, windowSeconds: HOUR },
    resendPerAccount: { points: values.RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE, windowSeconds: MINUTE },
    forgotPasswordPerAccount: { points: values.RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR, windowSeconds: HOUR },
    forgotPasswordPerIp: { points: values.RATE_LIMIT_FORGOT_PER_IP_HOUR, windowSeconds: HOUR },
  };
}

export const defaultRateLimitConfig: RateLimitConfig = loadRateLimitConfig({});
