export type TwoFactorErrorCode = 'VALIDATION' | 'FORBIDDEN' | 'UNPROCESSABLE' | 'CONFLICT' | 'NOT_FOUND';

/**
 * Why the two-factor decider refused, by the name of the text the member or admin sees (the contracts'
 * `twoFactorMessages` holds the words; the api turns the reason into them).
 */
export type TwoFactorRefusal =
  | 'stepUpRequired'
  | 'wrongCode'
  | 'wrongRecoveryCode'
  | 'passkeyFailed'
  | 'passwordWrong'
  | 'passwordRequired'
  | 'totpAlreadyEnabled'
  | 'totpSetupExpired'
  | 'totpNotEnabled'
  | 'setUpFirst'
  | 'passkeyAlreadyAdded'
  | 'passkeyNotFound'
  | 'staffKeepsAFactor'
  | 'ownFactorsReset'
  | 'nothingToReset';

/** Every refusal of the two-factor decider: a kind, the reason, and the form field at fault when there is one. */
export class TwoFactorError extends Error {
  constructor(
    readonly code: TwoFactorErrorCode,
    readonly reason: TwoFactorRefusal,
    readonly field?: string,
  ) {
    super(reason);
    this.name = 'TwoFactorError';
  }
}
