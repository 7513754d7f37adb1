import { z } from 'zod';
import { ConfigError } from '../config/config-error.js';

export interface Limit {
  points: number;
  windowSeconds: number;
}

export interface RateLimitConfig {
  signupPerIp: Limit;
  /** Every login attempt from one address, right or wrong: a burst limit. */
  loginPerIp: Limit;
  /** Wrong passwords for one account from one address: the hard limit. */
  loginFailuresPerAccountIp: Limit;
  /** Wrong passwords from one address, whatever the account: stops one address trying many accounts. */
  loginFailuresPerIp: Limit;
  /**
   * Wrong passwords for one account from every address together: slower and longer, and soft: an address that
   * signed in to the account before is never held back by it, so nobody can use it to lock the owner out.
   */
  loginFailuresPerAccount: Limit;
  /** Wrong current passwords when a signed-in user changes their password. */
  passwordChangeFailuresPerAccount: Limit;
  verifyPerIp: Limit;
  resendPerAccount: Limit;
  forgotPasswordPerAccount: Limit;
  forgotPasswordPerIp: Limit;
  /** Deposit requests per member, each of which may store a proof of up to 10 MB for staff to review. */
  depositsPerMember: Limit;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const environment = z.object({
  RATE_LIMIT_SIGNUP_PER_IP_HOUR: count(20),
  RATE_LIMIT_LOGIN_PER_IP_MINUTE: count(20),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP: count(10),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP_HOUR: count(100),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_DAY: count(50),
  RATE_LIMIT_PASSWORD_CHANGE_FAILURES_HOUR: count(5),
  RATE_LIMIT_VERIFY_PER_IP_HOUR: count(30),
  RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE: count(1),
  RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR: count(5),
  RATE_LIMIT_FORGOT_PER_IP_HOUR: count(20),
  RATE_LIMIT_DEPOSITS_PER_MEMBER_HOUR: count(10),
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
    loginFailuresPerAccountIp: {
      points: values.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP,
      windowSeconds: 15 * MINUTE,
    },
    loginFailuresPerIp: { points: values.RATE_LIMIT_LOGIN_FAILURES_PER_IP_HOUR, windowSeconds: HOUR },
    loginFailuresPerAccount: { points: values.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_DAY, windowSeconds: DAY },
    passwordChangeFailuresPerAccount: {
      points: values.RATE_LIMIT_PASSWORD_CHANGE_FAILURES_HOUR,
      windowSeconds: HOUR,
    },
    verifyPerIp: { points: values.RATE_LIMIT_VERIFY_PER_IP_HOUR, windowSeconds: HOUR },
    resendPerAccount: { points: values.RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE, windowSeconds: MINUTE },
    forgotPasswordPerAccount: { points: values.RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR, windowSeconds: HOUR },
    forgotPasswordPerIp: { points: values.RATE_LIMIT_FORGOT_PER_IP_HOUR, windowSeconds: HOUR },
    depositsPerMember: { points: values.RATE_LIMIT_DEPOSITS_PER_MEMBER_HOUR, windowSeconds: HOUR },
  };
}

export const defaultRateLimitConfig: RateLimitConfig = loadRateLimitConfig({});

/** Wrong second-factor codes (an app's or a recovery code), counted like wrong passwords. */
export interface SecondFactorLimits {
  /** For one account from one address: the hard limit. */
  failuresPerAccountIp: Limit;
  /** For one account from every address together. */
  failuresPerAccount: Limit;
}

const secondFactorEnvironment = z.object({
  RATE_LIMIT_SECOND_FACTOR_FAILURES_PER_ACCOUNT_IP: count(10),
  RATE_LIMIT_SECOND_FACTOR_FAILURES_PER_ACCOUNT_DAY: count(50),
});

export function loadSecondFactorLimits(env: Record<string, string | undefined>): SecondFactorLimits {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = secondFactorEnvironment.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const values = parsed.data;
  return {
    failuresPerAccountIp: {
      points: values.RATE_LIMIT_SECOND_FACTOR_FAILURES_PER_ACCOUNT_IP,
      windowSeconds: 15 * MINUTE,
    },
    failuresPerAccount: {
      points: values.RATE_LIMIT_SECOND_FACTOR_FAILURES_PER_ACCOUNT_DAY,
      windowSeconds: DAY,
    },
  };
}

export const defaultSecondFactorLimits: SecondFactorLimits = loadSecondFactorLimits({});
