import type { IdentityEvent } from './identity.events.js';
import { TwoFactorError, type TwoFactorRefusal } from './two-factor.errors.js';
import {
  evolveTwoFactor,
  hasSecondFactor,
  initialTwoFactorState,
  isStaffRole,
  type TwoFactorState,
} from './two-factor.js';

/** An authenticator app's setup (its secret shown, not yet confirmed) lasts this long. */
export const TOTP_SETUP_MINUTES = 30;
/** A passkey assertion answers a challenge issued at most this long before it is used. */
export const FRESH_FACTOR_MINUTES = 5;
export const RECOVERY_CODES_PER_SET = 10;

/**
 * A factor the user presented, as the handler found it against the stored secrets before deciding: whether the
 * code was right (and not a replay) or the passkey's signature verified, and when its challenge was issued.
 */
export type FactorCheck =
  | { presented: false }
  | { presented: true; method: 'totp'; accepted: boolean }
  | { presented: true; method: 'passkey'; accepted: boolean; challengeIssuedAt: Date }
  | { presented: true; method: 'recovery'; accepted: boolean; remaining: number };

export const NO_FACTOR: FactorCheck = { presented: false };

/** Where a factor is asked for: the second step of a sign-in, a step-up on a sensitive action, or a security change. */
export type FactorPurpose = 'sign-in' | 'step-up' | 'security-change';

export interface EnableTotp {
  type: 'EnableTotp';
  data: {
    userId: string;
    setupStartedAt: Date;
    /** The first code from the app matched the pending secret. */
    codeAccepted: boolean;
    /** A factor the account already has, asked for when it has one. */
    stepUp: FactorCheck;
    /** Whether the account's password is right, null when none was given: asked for when it has no factor yet. */
    passwordCorrect: boolean | null;
    /** The account's other open sessions (not the one setting the app up). */
    otherSessions: readonly string[];
    at: Date;
  };
}

export interface DisableTotp {
  type: 'DisableTotp';
  data: { userId: string; passwordCorrect: boolean; factor: FactorCheck; at: Date };
}

export interface RegenerateRecoveryCodes {
  type: 'RegenerateRecoveryCodes';
  data: { userId: string; passwordCorrect: boolean; factor: FactorCheck; at: Date };
}

export interface AddPasskey {
  type: 'AddPasskey';
  data: {
    userId: string;
    passkeyId: string;
    stepUp: FactorCheck;
    /** As for EnableTotp. */
    passwordCorrect: boolean | null;
    /** The account's other open sessions (not the one adding the passkey). */
    otherSessions: readonly string[];
    at: Date;
  };
}

export interface RenamePasskey {
  type: 'RenamePasskey';
  data: { userId: string; passkeyId: string; at: Date };
}

export interface RemovePasskey {
  type: 'RemovePasskey';
  data: { userId: string; passkeyId: string; passwordCorrect: boolean; factor: FactorCheck; at: Date };
}

/** The second step of a sign-in, or a step-up before a withdrawal or a change of payout wallets. */
export interface ConfirmSecondFactor {
  type: 'ConfirmSecondFactor';
  data: { userId: string; purpose: Exclude<FactorPurpose, 'security-change'>; factor: FactorCheck; at: Date };
}

/**
 * An admin removes every second factor of a user who has lost them all, for the reason given (checked for
 * length at the edge). An admin cannot do it to their own account: staff need a factor, and a stolen admin
 * session must not shed the factor that guards it.
 */
export interface ResetSecondFactors {
  type: 'ResetSecondFactors';
  data: { userId: string; adminId: string; reason: string; at: Date };
}

export type TwoFactorCommand =
  | EnableTotp
  | DisableTotp
  | RegenerateRecoveryCodes
  | AddPasskey
  | RenamePasskey
  | RemovePasskey
  | ConfirmSecondFactor
  | ResetSecondFactors;

const refuse = {
  stepUpRequired: () => new TwoFactorError('FORBIDDEN', 'stepUpRequired', 'secondFactor'),
  passwordWrong: () => new TwoFactorError('VALIDATION', 'passwordWrong', 'password'),
  passwordMissing: () => new TwoFactorError('VALIDATION', 'passwordRequired', 'password'),
  conflict: (reason: TwoFactorRefusal) => new TwoFactorError('CONFLICT', reason),
  passkeyNotFound: () => new TwoFactorError('NOT_FOUND', 'passkeyNotFound'),
};

function wrongFactor(
  check: Extract<FactorCheck, { presented: true }>,
  purpose: FactorPurpose,
): TwoFactorError {
  const reason: TwoFactorRefusal =
    check.method === 'totp'
      ? 'wrongCode'
      : check.method === 'recovery'
        ? 'wrongRecoveryCode'
        : 'passkeyFailed';
  const field =
    purpose === 'step-up'
      ? 'secondFactor'
      : check.method === 'passkey'
        ? 'passkey'
        : purpose === 'sign-in' && check.method === 'recovery'
          ? 'recoveryCode'
          : 'code';
  return new TwoFactorError('UNPROCESSABLE', reason, field);
}

/** A passkey assertion counts only for a challenge issued within FRESH_FACTOR_MINUTES; codes are fresh by their window. */
export function isFresh(check: FactorCheck, at: Date): boolean {
  if (!check.presented || check.method !== 'passkey') return true;
  const age = at.getTime() - check.challengeIssuedAt.getTime();
  return age >= 0 && age <= FRESH_FACTOR_MINUTES * 60_000;
}

/**
 * The account's factor, checked: nothing is asked of an account without one (unless it is a sign-in, which
 * only such accounts reach); a missing one is refused as such, a wrong or stale one as wrong. A recovery code
 * that passed is used up.
 */
function confirmFactor(
  state: TwoFactorState,
  userId: string,
  check: FactorCheck,
  purpose: FactorPurpose,
  at: Date,
): IdentityEvent[] {
  // An account without a factor passes a step-up, whatever a stale form presents: there is nothing to check it by.
  if (!hasSecondFactor(state) && purpose === 'step-up') return [];
  if (!check.presented) throw refuse.stepUpRequired();
  if (!check.accepted || !isFresh(check, at)) throw wrongFactor(check, purpose);
  return check.method === 'recovery'
    ? [{ type: 'RecoveryCodeUsed', data: { userId, remaining: check.remaining } }]
    : [];
}

/**
 * Adding a factor asks for what proves the owner already: the factor the account has, or for its first one the
 * password. A stolen session alone cannot add a thief's factor, which would lock the owner out (a password reset
 * keeps the factors).
 */
function confirmOwner(
  state: TwoFactorState,
  data: { userId: string; stepUp: FactorCheck; passwordCorrect: boolean | null; at: Date },
) {
  if (hasSecondFactor(state)) return confirmFactor(state, data.userId, data.stepUp, 'step-up', data.at);
  if (data.passwordCorrect === null) throw refuse.passwordMissing();
  if (!data.passwordCorrect) throw refuse.passwordWrong();
  return [];
}

/** Staff keep at least one factor; a member's last one going takes the recovery codes with it. */
function afterRemoval(state: TwoFactorState, userId: string, remaining: TwoFactorState): IdentityEvent[] {
  if (hasSecondFactor(remaining)) return [];
  if (isStaffRole(state.role)) throw refuse.conflict('staffKeepsAFactor');
  return remaining.recoveryCodesLeft > 0 ? [{ type: 'RecoveryCodesRevoked', data: { userId } }] : [];
}

function fold(state: TwoFactorState, events: IdentityEvent[]): TwoFactorState {
  return events.reduce(evolveTwoFactor, state);
}

export function enableTotp({ data }: EnableTotp, state: TwoFactorState): IdentityEvent[] {
  if (state.totp) throw refuse.conflict('totpAlreadyEnabled');
  const age = data.at.getTime() - data.setupStartedAt.getTime();
  if (age > TOTP_SETUP_MINUTES * 60_000) throw refuse.conflict('totpSetupExpired');
  const stepUp = confirmOwner(state, data);
  if (!data.codeAccepted) {
    throw new TwoFactorError('UNPROCESSABLE', 'wrongCode', 'code');
  }
  return [
    ...stepUp,
    { type: 'SecondFactorAdded', data: { userId: data.userId, method: 'totp', passkeyId: null } },
    { type: 'RecoveryCodesGenerated', data: { userId: data.userId, count: RECOVERY_CODES_PER_SET } },
    ...(hasSecondFactor(state) ? [] : passwordOnlySessionsEnded(data.userId, data.otherSessions)),
  ];
}

/**
 * With its first factor an account's sign-ins need two; its other sessions were opened with the password alone,
 * perhaps by someone who has it and not the factor, and end (staff's would otherwise reach the staff area).
 */
function passwordOnlySessionsEnded(userId: string, sessions: readonly string[]): IdentityEvent[] {
  return sessions.map((sessionId) => ({
    type: 'SessionEnded',
    data: { userId, sessionId, reason: 'second-factor-added' },
  }));
}

export function disableTotp({ data }: DisableTotp, state: TwoFactorState): IdentityEvent[] {
  if (!state.totp) throw refuse.conflict('totpNotEnabled');
  if (!data.passwordCorrect) throw refuse.passwordWrong();
  const used = confirmFactor(state, data.userId, data.factor, 'security-change', data.at);
  const removed: IdentityEvent = {
    type: 'SecondFactorRemoved',
    data: { userId: data.userId, method: 'totp', passkeyId: null },
  };
  return [...used, removed, ...afterRemoval(state, data.userId, fold(state, [...used, removed]))];
}

export function regenerateRecoveryCodes(
  { data }: RegenerateRecoveryCodes,
  state: TwoFactorState,
): IdentityEvent[] {
  if (!hasSecondFactor(state)) throw refuse.conflict('setUpFirst');
  if (!data.passwordCorrect) throw refuse.passwordWrong();
  return [
    ...confirmFactor(state, data.userId, data.factor, 'security-change', data.at),
    { type: 'RecoveryCodesGenerated', data: { userId: data.userId, count: RECOVERY_CODES_PER_SET } },
  ];
}

export function addPasskey({ data }: AddPasskey, state: TwoFactorState): IdentityEvent[] {
  if (state.passkeys.includes(data.passkeyId)) throw refuse.conflict('passkeyAlreadyAdded');
  const firstFactor = !hasSecondFactor(state);
  return [
    ...confirmOwner(state, data),
    {
      type: 'SecondFactorAdded',
      data: { userId: data.userId, method: 'passkey', passkeyId: data.passkeyId },
    },
    ...(firstFactor
      ? [
          {
            type: 'RecoveryCodesGenerated',
            data: { userId: data.userId, count: RECOVERY_CODES_PER_SET },
          } satisfies IdentityEvent,
          ...passwordOnlySessionsEnded(data.userId, data.otherSessions),
        ]
      : []),
  ];
}

export function renamePasskey({ data }: RenamePasskey, state: TwoFactorState): IdentityEvent[] {
  if (!state.passkeys.includes(data.passkeyId)) throw refuse.passkeyNotFound();
  return [{ type: 'PasskeyRenamed', data: { userId: data.userId, passkeyId: data.passkeyId } }];
}

export function removePasskey({ data }: RemovePasskey, state: TwoFactorState): IdentityEvent[] {
  if (!state.passkeys.includes(data.passkeyId)) throw refuse.passkeyNotFound();
  if (!data.passwordCorrect) throw refuse.passwordWrong();
  const used = confirmFactor(state, data.userId, data.factor, 'security-change', data.at);
  const removed: IdentityEvent = {
    type: 'SecondFactorRemoved',
    data: { userId: data.userId, method: 'passkey', passkeyId: data.passkeyId },
  };
  return [...used, removed, ...afterRemoval(state, data.userId, fold(state, [...used, removed]))];
}

export function confirmSecondFactor({ data }: ConfirmSecondFactor, state: TwoFactorState): IdentityEvent[] {
  return confirmFactor(state, data.userId, data.factor, data.purpose, data.at);
}

export function resetSecondFactors({ data }: ResetSecondFactors, state: TwoFactorState): IdentityEvent[] {
  if (data.adminId === data.userId) throw new TwoFactorError('FORBIDDEN', 'ownFactorsReset');
  if (!hasSecondFactor(state) && state.recoveryCodesLeft === 0) throw refuse.conflict('nothingToReset');
  return [
    {
      type: 'SecondFactorsResetByAdmin',
      data: { userId: data.userId, adminId: data.adminId, reason: data.reason },
    },
  ];
}

export function decideTwoFactor(command: TwoFactorCommand, state: TwoFactorState): IdentityEvent[] {
  switch (command.type) {
    case 'EnableTotp':
      return enableTotp(command, state);
    case 'DisableTotp':
      return disableTotp(command, state);
    case 'RegenerateRecoveryCodes':
      return regenerateRecoveryCodes(command, state);
    case 'AddPasskey':
      return addPasskey(command, state);
    case 'RenamePasskey':
      return renamePasskey(command, state);
    case 'RemovePasskey':
      return removePasskey(command, state);
    case 'ConfirmSecondFactor':
      return confirmSecondFactor(command, state);
    case 'ResetSecondFactors':
      return resetSecondFactors(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown two-factor command ${JSON.stringify(unknown)}`);
    }
  }
}

export const twoFactorDecider = {
  decide: decideTwoFactor,
  evolve: evolveTwoFactor,
  initialState: initialTwoFactorState,
};
