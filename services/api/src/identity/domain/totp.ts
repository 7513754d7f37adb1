import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@ledgerstone/contracts';

const ISSUER = 'Ledgerstone';
/** Codes of the step before and after the current one still count: clocks drift and people type slowly. */
export const TOTP_WINDOW_STEPS = 1;

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 seconds. */
function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret of 20 random bytes (160 bits, as RFC 4226 recommends), in base32: the setup key. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI a QR code carries; the label names the account in the app's list. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totp(secretBase32, accountName).toString();
}

export function totpStepAt(at: Date): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() });
}

/** The code of the step that contains `at`; for tests and the browser tests' counterparts. */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

/** The time step whose code `code` is, within the window around `at`, or null. */
export function matchingTotpStep(secretBase32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : totpStepAt(at) + delta;
}

/**
 * A code is accepted once: its step must come after the last step accepted for the account. Storing the new step
 * must be conditional on the same comparison (see TwoFactorStore.useTotpStep), so that two requests racing with
 * one code cannot both pass.
 */
export function isUnusedTotpStep(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

/** The step a code is accepted at, or null when it is wrong, outside the window, or a replay. */
export function acceptTotpCode(
  secretBase32: string,
  code: string,
  at: Date,
  lastUsedStep: number | null,
): number | null {
  const step = matchingTotpStep(secretBase32, code, at);
  return step !== null && isUnusedTotpStep(step, lastUsedStep) ? step : null;
}
