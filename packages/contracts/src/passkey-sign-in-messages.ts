/**
 * The words of the login pages' passkey button, apart from the rest of two-step verification's
 * (two-factor-messages.ts holds them too), so that the login pages, which every visitor opens, load only these.
 */
export const passkeySignInMessages = {
  signInWithPasskey: 'Sign in with a passkey',
} as const;
