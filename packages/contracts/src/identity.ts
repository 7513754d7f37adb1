import { z } from 'zod';
import { requiredMessage, text } from './text.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const requiredText = (label: string, max = 100) => text({ label, max }).min(1, requiredMessage(label));

export const emailSchema = text({ label: 'Email', max: 254 })
  .min(1, 'Email is required')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

/**
 * Any printable characters, spaces kept: no control characters (NUL among them) and no lone surrogates, which
 * UTF-8 cannot carry, so the hash would not be of what was typed.
 */
const password = (max: number, label = 'Password') => text({ label, max, trim: false });

export const newPasswordSchema = password(PASSWORD_MAX).min(
  PASSWORD_MIN,
  `Password must be at least ${PASSWORD_MIN} characters`,
);

const phoneSchema = text({ label: 'Phone number', max: 24 })
  .min(1, 'Phone number is required')
  .regex(/^\+?[0-9 ()-]{6,24}$/, 'Enter a valid phone number');

/** Referral codes are short, upper-case and avoid look-alike characters (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;

const referralCodeSchema = text({ label: 'Referral code', max: 32 })
  .transform((code) => code.toUpperCase())
  .optional()
  .transform((code) => (code ? code : undefined));

export const signupRequest = z.object({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: emailSchema,
  phoneNumber: phoneSchema,
  password: newPasswordSchema,
  referralCode: referralCodeSchema,
});
export type SignupRequest = z.infer<typeof signupRequest>;

const SIX_DIGITS = 'Enter the 6-digit code from your e-mail';
const codeText = text({ label: 'Verification code', max: 6, tooLong: SIX_DIGITS });

/** Codes are six digits; a client that parsed the code as a number may have dropped leading zeros. */
export const verifyRequest = z.object({
  verifyCode: z
    .union([codeText, z.number().int().nonnegative()], { error: 'Verification code is required' })
    .transform((code) => (typeof code === 'number' ? String(code).padStart(6, '0') : code))
    .pipe(z.string().regex(/^\d{6}$/, SIX_DIGITS)),
});
export type VerifyRequest = z.infer<typeof verifyRequest>;

export const loginRequest = z.object({
  email: emailSchema,
  password: password(PASSWORD_MAX * 4).min(1, 'Password is required'),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** Staff sessions always end with the browser: there is no "remember me" at the admin login. */
export const adminLoginRequest = loginRequest.omit({ rememberMe: true });
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const forgotPasswordRequest = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({ password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** Both spellings of the current password field are in use by clients. */
export const changePasswordRequest = z
  .object({
    current_password: password(PASSWORD_MAX * 4, 'Current password').optional(),
    old_password: password(PASSWORD_MAX * 4, 'Current password').optional(),
    new_password: newPasswordSchema,
  })
  .transform(({ current_password, old_password, new_password }, ctx) => {
    const current = current_password ?? old_password;
    if (!current) {
      ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'Current password is required' });
      return z.NEVER;
    }
    return { currentPassword: current, newPassword: new_password };
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const updateProfileRequest = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const ADMIN_MESSAGE_SUBJECT_MAX = 200;
export const ADMIN_MESSAGE_BODY_MAX = 10_000;

export const adminMessageRequest = z.object({
  subject: requiredText('Subject', ADMIN_MESSAGE_SUBJECT_MAX),
  message: text({
    label: 'Message',
    max: ADMIN_MESSAGE_BODY_MAX,
    multiline: true,
    tooLong: 'Message must be at most 10,000 characters',
  }).min(1, 'Message is required'),
});
export type AdminMessageRequest = z.infer<typeof adminMessageRequest>;

export const userRoles = ['member', 'admin', 'auditor'] as const;
export type UserRole = (typeof userRoles)[number];
export const userStatuses = ['unverified', 'active', 'closed'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const memberProfile = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  referral_code: z.string(),
  status: z.enum(userStatuses),
  createdAt: z.string(),
  /** The dashboard's four cards (see the read models' memberFigures). */
  withdrawable_balance: z.string(),
  total_invest: z.string(),
  total_withdrawal: z.string(),
  total_balance: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const adminProfile = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
});
export type AdminProfile = z.infer<typeof adminProfile>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const loginResponse = z.object({
  status: z.string(),
  message: z.string(),
  verificationRequired: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const adminLoginResponse = z.object({ status: z.string(), message: z.string() });
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;

export const errorResponse = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const identityMessages = {
  signedUp: 'Account created. We sent a verification code to your e-mail.',
  verified: 'Account verified successfully!',
  codeResent: 'A new verification code is on its way.',
  loggedIn: 'Login successful',
  verifyFirst: 'Please verify your account. We sent a new code to your e-mail.',
  /** Within a minute of the last code no new one is sent: that one still stands. */
  verifyWithLastCode: 'Please verify your account with the code we sent to your e-mail a moment ago.',
  badCredentials: 'Invalid email or password',
  loggedOut: 'Logged out',
  forgotPassword: 'If an account exists for that e-mail, a reset link is on its way.',
  passwordReset: 'Password reset successfully',
  passwordChanged: 'Password updated successfully',
  profileUpdated: 'Profile updated successfully',
  messageSent: 'Message sent successfully!',
  referralNotFound: 'Referral code not found',
  emailTaken: 'An account with this e-mail already exists',
  commonPassword: 'This password is too common. Choose another one.',
  wrongCode: 'Invalid verification code',
  codeExpired: 'This code has expired. Request a new one.',
  tooManyWrongCodes: 'Too many wrong codes. Request a new one.',
  noPendingVerification: 'Your verification session has expired. Log in again to get a new code.',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
  notAuthenticated: 'Please log in',
  forbidden: 'You do not have access to this page',
  crossSiteRefused: 'This request did not come from the Ledgerstone site. Reload the page and try again.',
} as const;

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts, please try again in ${seconds} seconds.`;
}
