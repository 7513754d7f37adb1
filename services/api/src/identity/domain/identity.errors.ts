import { accountMessages, identityMessages, twoFactorMessages } from '@ledgerstone/contracts';
import type { TwoFactorError } from '@ledgerstone/ledger';
import { DomainError, type DomainErrorCode } from '../../shared/errors/domain-error.js';

/** Every refusal of the identity use cases; the message is shown as is. */
export abstract class IdentityError extends DomainError {}

/** What was typed does not hold: a wrong code, a common password, an unknown referral, a stale link. */
export class IdentityValidationError extends IdentityError {
  readonly code = 'VALIDATION';

  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message, field === undefined ? undefined : { [field]: [message] });
  }
}

/** Which of the two was wrong is never said. */
export class BadCredentialsError extends IdentityError {
  readonly code = 'UNAUTHENTICATED';

  constructor() {
    super(identityMessages.badCredentials);
  }
}

/** No such user: "Account not found" when it is the caller's own, "User not found" when staff look one up. */
export class UserNotFoundError extends IdentityError {
  readonly code = 'NOT_FOUND';

  constructor(readonly whose: 'own' | 'other') {
    super(whose === 'own' ? 'Account not found' : accountMessages.userNotFound);
  }
}

export class EmailTakenError extends IdentityError {
  readonly code = 'CONFLICT';

  constructor() {
    super(identityMessages.emailTaken, { email: [identityMessages.emailTaken] });
  }
}

/** A refusal of two-step verification: the decider's, or one of the sign-in steps around it. */
export class TwoFactorRefused extends IdentityError {
  constructor(
    readonly code: DomainErrorCode,
    reason: keyof typeof twoFactorMessages,
    field?: string,
  ) {
    const message = twoFactorMessages[reason];
    super(message, field === undefined ? undefined : { [field]: [message] });
  }

  /** The decider's refusal, in the words the contracts give its reason. */
  static of(refusal: TwoFactorError): TwoFactorRefused {
    return new TwoFactorRefused(refusal.code, refusal.reason, refusal.field);
  }
}

/** The refusals of the identity use cases by name, each with the form field at fault where there is one. */
export const identityErrors = {
  referralNotFound: () => new IdentityValidationError(identityMessages.referralNotFound, 'referralCode'),
  commonPassword: (field: string) => new IdentityValidationError(identityMessages.commonPassword, field),
  currentPasswordWrong: () =>
    new IdentityValidationError(identityMessages.currentPasswordWrong, 'current_password'),
  badCredentials: () => new BadCredentialsError(),
  noPendingVerification: () => new IdentityValidationError(identityMessages.noPendingVerification),
  wrongCode: () => new IdentityValidationError(identityMessages.wrongCode, 'verifyCode'),
  codeExpired: () => new IdentityValidationError(identityMessages.codeExpired, 'verifyCode'),
  tooManyWrongCodes: () => new IdentityValidationError(identityMessages.tooManyWrongCodes, 'verifyCode'),
  resetLinkInvalid: () => new IdentityValidationError(identityMessages.resetLinkInvalid),
  // A 400, not a 401: the request lacks its pending login, it is not a wrong credential.
  pendingLoginExpired: () => new TwoFactorRefused('VALIDATION', 'pendingLoginExpired'),
  passkeyNotRecognised: () => new TwoFactorRefused('UNAUTHENTICATED', 'passkeyNotRecognised'),
  passkeyChallengeExpired: () => new TwoFactorRefused('VALIDATION', 'passkeyChallengeExpired', 'response'),
  passkeyFailed: () => new TwoFactorRefused('VALIDATION', 'passkeyFailed', 'response'),
  totpSetupExpired: () => new TwoFactorRefused('CONFLICT', 'totpSetupExpired'),
  totpAlreadyEnabled: () => new TwoFactorRefused('CONFLICT', 'totpAlreadyEnabled'),
  passkeyNotFound: () => new TwoFactorRefused('NOT_FOUND', 'passkeyNotFound'),
  sessionNotFound: () => new TwoFactorRefused('NOT_FOUND', 'sessionNotFound'),
  noPasskeys: () => new TwoFactorRefused('CONFLICT', 'noPasskeys'),
  useLogoutForCurrent: () => new TwoFactorRefused('CONFLICT', 'useLogoutForCurrent'),
};
