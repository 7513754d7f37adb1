import { z } from 'zod';
import { text } from './text.js';
import { twoFactorMessages } from './two-factor-messages.js';

/**
 * Two-step verification: an authenticator app (TOTP), passkeys (WebAuthn) and single-use recovery codes.
 *
 * Routes, the same shapes for both audiences: members under /api/user, staff under /api/admin.
 *   POST login                     -> twoFactorChallenge (+ an HttpOnly pending-login cookie, 5 minutes) when
 *                                     the account has a second factor; otherwise as before: members get
 *                                     loginResponse, staff adminSignedIn (twoFactorSetupRequired until set up)
 *   POST login/two-factor          secondStepRequest -> the audience's login response (+ session cookie)
 *   POST login/passkey/options     -> passkeyRequestOptions ("Use a passkey" at the second step)
 *   POST login/passkey/verify      passkeyAssertionRequest -> the audience's login response
 *   POST passkey-login/options     -> passkeyRequestOptions ("Sign in with a passkey", no password)
 *   POST passkey-login/verify      passkeyAssertionRequest -> the audience's login response
 *   GET  security                  -> securityOverview
 *   POST security/totp/setup       -> totpSetupResponse (pending until confirmed)
 *   POST security/totp/confirm     totpConfirmRequest -> recoveryCodesResponse
 *   POST security/totp/disable     disableTotpRequest -> messageResponse
 *   POST security/recovery-codes   recoveryCodesRequest -> recoveryCodesResponse
 *   POST security/passkeys/options -> passkeyCreationOptions
 *   POST security/passkeys         addPasskeyRequest -> passkeyAddedResponse
 *   PATCH security/passkeys/:id    renamePasskeyRequest -> passkeyResponse
 *   POST security/passkeys/:id/remove removePasskeyRequest -> messageResponse
 *   POST security/sessions/:id/sign-out -> messageResponse
 *   POST security/sessions/sign-out-others -> signedOutOthersResponse
 *   POST security/step-up/options  -> passkeyRequestOptions (for a `secondFactor.passkey` below)
 * Admins only: POST /api/admin/users/:id/second-factors/reset  resetSecondFactorsRequest -> messageResponse
 * Step-up: POST /api/withdraw and PUT /api/user/wallets take an optional `secondFactor` (stepUpFactor); once
 * the member has a factor, a missing one answers 403 and a wrong one 422 with `twoFactorMessages`.
 */

export const twoFactorMethods = ['totp', 'passkey', 'recovery'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are written "xxxxx-xxxxx" from this alphabet, which avoids look-alikes (no 0/o, 1/i/l). */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const RECOVERY_CODE_LENGTH = 10;
export const PENDING_LOGIN_MINUTES = 5;
export const PASSKEY_NAME_MAX = 64;

export { twoFactorMessages };

/** Spaces and dashes are how people copy codes; neither is part of one. */
const squash = (value: string) => value.replace(/[\s-]/g, '');

const codeText = (label: string) => text({ label, max: 32 });

/** An authenticator app's current code: six digits, spaces allowed between them. */
export const totpCode = codeText('Authentication code')
  .min(1, twoFactorMessages.codeRequired)
  .transform(squash)
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.codeFormat));

const recoveryCodePattern = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** A recovery code as issued ("abcde-23456"), any case, dashes and spaces ignored; the output is squashed. */
export const recoveryCode = codeText('Recovery code')
  .min(1, twoFactorMessages.recoveryCodeRequired)
  .transform((code) => squash(code).toLowerCase())
  .pipe(z.string().regex(recoveryCodePattern, twoFactorMessages.recoveryCodeFormat));

/** What a code field may carry where either works: an app's code or a recovery code. */
export type ProvidedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

export const codeOrRecoveryCode = codeText('Authentication code')
  .min(1, twoFactorMessages.codeRequired)
  .transform((value, ctx): ProvidedCode => {
    const squashed = squash(value);
    if (/^\d{6}$/.test(squashed)) return { kind: 'totp', code: squashed };
    const lower = squashed.toLowerCase();
    if (recoveryCodePattern.test(lower)) return { kind: 'recovery', code: lower };
    ctx.addIssue({ code: 'custom', message: twoFactorMessages.codeOrRecoveryFormat });
    return z.NEVER;
  });

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** A browser's `RegistrationResponseJSON` (@simplewebauthn/browser's startRegistration). */
export const passkeyRegistrationResponse = z.object({
  id: base64url(1024).min(1),
  rawId: base64url(1024).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(16_384),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    // WebAuthn names transports in lowercase words ("usb", "hybrid", "smart-card"); ones a browser adds later
    // pass, anything else (a NUL, which PostgreSQL's text refuses, among them) is not a transport.
    transports: z
      .array(
        z
          .string()
          .max(32)
          .regex(/^[a-z]+(-[a-z]+)*$/, 'must be a transport name'),
      )
      .max(10)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(16_384).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponse>;

/** A browser's `AuthenticationResponseJSON` (@simplewebauthn/browser's startAuthentication). */
export const passkeyAuthenticationResponse = z.object({
  id: base64url(1024).min(1),
  rawId: base64url(1024).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(16_384),
    authenticatorData: base64url(65_536),
    signature: base64url(16_384),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponse>;

/**
 * `PublicKeyCredentialCreationOptionsJSON`, passed as is to startRegistration({ optionsJSON }). Only the
 * challenge is named here; the rest is the WebAuthn options the server generated.
 */
export const passkeyCreationOptions = z.looseObject({ challenge: z.string() });
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptions>;

/** `PublicKeyCredentialRequestOptionsJSON`, passed as is to startAuthentication({ optionsJSON }). */
export const passkeyRequestOptions = z.looseObject({ challenge: z.string() });
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;

/**
 * A fresh second factor where an action asks for one: a code (the app's or a recovery code) or a passkey
 * assertion answering security/step-up/options.
 */
export type ProvidedFactor = ProvidedCode | { kind: 'passkey'; response: PasskeyAuthenticationResponse };

export const stepUpFactor = z
  .object({
    code: codeOrRecoveryCode.optional(),
    passkey: passkeyAuthenticationResponse.optional(),
  })
  .transform(({ code, passkey }, ctx): ProvidedFactor => {
    if (code) return code;
    if (passkey) return { kind: 'passkey', response: passkey };
    ctx.addIssue({ code: 'custom', path: ['code'], message: twoFactorMessages.stepUpFactorRequired });
    return z.NEVER;
  });
export type StepUpFactorInput = z.input<typeof stepUpFactor>;

/** POST login/two-factor: `{ code }` from the app, or `{ recoveryCode }`. */
export const secondStepRequest = z
  .object({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .transform(({ code, recoveryCode: recovery }, ctx): ProvidedCode => {
    if (code !== undefined && recovery !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: twoFactorMessages.oneFactorOnly });
      return z.NEVER;
    }
    if (code !== undefined) return { kind: 'totp', code };
    if (recovery !== undefined) return { kind: 'recovery', code: recovery };
    ctx.addIssue({ code: 'custom', path: ['code'], message: twoFactorMessages.codeRequired });
    return z.NEVER;
  });
export type SecondStepRequest = z.input<typeof secondStepRequest>;

/** POST login/passkey/verify and passkey-login/verify; `rememberMe` counts at the member's passkey-login only. */
export const passkeyAssertionRequest = z.object({
  response: passkeyAuthenticationResponse,
  rememberMe: z.boolean().optional().default(false),
});
export type PasskeyAssertionRequest = z.input<typeof passkeyAssertionRequest>;

/** The answer to a right password when the account has a second factor: no session yet. */
export const twoFactorChallenge = z.object({
  status: z.string(),
  message: z.string(),
  verificationRequired: z.literal(false),
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(twoFactorMethods)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/**
 * The admin login's answer once signed in. `twoFactorSetupRequired: true` (absent otherwise): the staff member
 * has no second factor yet and reaches only the security screen (/admin-dashboard/security) until one is set up.
 */
export const adminSignedIn = z.object({
  status: z.string(),
  message: z.string(),
  twoFactorSetupRequired: z.literal(true).optional(),
});
export type AdminSignedIn = z.infer<typeof adminSignedIn>;

const password = text({ label: 'Password', max: 512, trim: false }).min(1, 'Password is required');

const passkeySummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const activeSession = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the user agent. */
  device: z.string(),
  ip: z.string(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;

/** GET security. `enabled`: some factor is on; `required`: staff, who cannot turn the last one off. */
export const securityOverview = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  totpEnabled: z.boolean(),
  passkeys: z.array(passkeySummary),
  recoveryCodesLeft: z.number().int().nonnegative(),
  sessions: z.array(activeSession),
});
export type SecurityOverview = z.infer<typeof securityOverview>;

/** POST security/totp/setup: the secret to scan or type; it works only once confirmed. */
export const totpSetupResponse = z.object({
  /** Base32, 32 characters, without spaces; screens may show it in groups of four. */
  setupKey: z.string(),
  /** The QR code's content. */
  otpauthUri: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/**
 * POST security/totp/confirm. Adding a factor asks for what already proves the account's owner, so a stolen
 * session alone cannot add the thief's factor (and lock the owner out with it): the factor the account has
 * (`secondFactor`), or, for its first factor, the password (`password`).
 */
export const totpConfirmRequest = z.object({
  code: totpCode,
  password: password.optional(),
  secondFactor: stepUpFactor.optional(),
});
export type TotpConfirmRequest = z.input<typeof totpConfirmRequest>;

/** The codes in clear, shown once ("xxxxx-xxxxx"); only their hashes are kept. */
export const recoveryCodesResponse = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** The password and a current code (the app's, or a recovery code), as the security screen's code dialog sends them. */
export const passwordAndFactorRequest = z.object({
  password,
  code: codeOrRecoveryCode,
});
export type PasswordAndFactorRequest = z.input<typeof passwordAndFactorRequest>;

const passkeyName = text({ label: 'Passkey name', max: PASSKEY_NAME_MAX }).min(
  1,
  twoFactorMessages.passkeyNameRequired,
);

/** POST security/passkeys; `password` and `secondFactor` as in totpConfirmRequest. */
export const addPasskeyRequest = z.object({
  name: passkeyName,
  response: passkeyRegistrationResponse,
  password: password.optional(),
  secondFactor: stepUpFactor.optional(),
});
export type AddPasskeyRequest = z.input<typeof addPasskeyRequest>;

/** `recoveryCodes` only when the passkey is the account's first factor. */
export const passkeyAddedResponse = z.object({
  message: z.string(),
  passkey: passkeySummary,
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT).optional(),
});
export type PasskeyAddedResponse = z.infer<typeof passkeyAddedResponse>;

export const renamePasskeyRequest = z.object({ name: passkeyName });
export type RenamePasskeyRequest = z.input<typeof renamePasskeyRequest>;

export const passkeyResponse = z.object({ message: z.string(), passkey: passkeySummary });
export type PasskeyResponse = z.infer<typeof passkeyResponse>;

/**
 * The password and a current factor, a code (the app's or a recovery code) or a passkey assertion answering
 * security/step-up/options: POST security/totp/disable, security/passkeys/:id/remove and security/recovery-codes.
 */
export const passwordAndAnyFactorRequest = z
  .object({
    password,
    code: codeOrRecoveryCode.optional(),
    passkey: passkeyAuthenticationResponse.optional(),
  })
  .transform(({ password: pw, code, passkey }, ctx) => {
    const factor: ProvidedFactor | undefined =
      code ?? (passkey ? { kind: 'passkey', response: passkey } : undefined);
    if (!factor) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: twoFactorMessages.stepUpFactorRequired });
      return z.NEVER;
    }
    return { password: pw, factor };
  });
export type PasswordAndAnyFactorRequest = z.input<typeof passwordAndAnyFactorRequest>;

export const disableTotpRequest = passwordAndAnyFactorRequest;
export type DisableTotpRequest = PasswordAndAnyFactorRequest;
export const removePasskeyRequest = passwordAndAnyFactorRequest;
export type RemovePasskeyRequest = PasswordAndAnyFactorRequest;
export const recoveryCodesRequest = passwordAndAnyFactorRequest;
export type RecoveryCodesRequest = PasswordAndAnyFactorRequest;

export const RESET_REASON_MIN = 3;
export const RESET_REASON_MAX = 500;

/** Manage User's "Reset two-step verification": why, in the admin's words, kept on the user's stream. */
export const resetSecondFactorsRequest = z.object({
  reason: text({
    label: twoFactorMessages.resetReasonLabel,
    max: RESET_REASON_MAX,
    multiline: true,
    tooLong: twoFactorMessages.resetReasonInvalid,
    error: twoFactorMessages.resetReasonInvalid,
  }).min(RESET_REASON_MIN, twoFactorMessages.resetReasonInvalid),
});
export type ResetSecondFactorsRequest = z.input<typeof resetSecondFactorsRequest>;

export const signedOutOthersResponse = z.object({ message: z.string(), signedOut: z.number().int() });
export type SignedOutOthersResponse = z.infer<typeof signedOutOthersResponse>;

/** Recovery codes as issued and shown: "abcde-23456". */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
