/** A passkey ceremony that did not finish, with words a person can act on (see webauthn.ts). */
export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
}
