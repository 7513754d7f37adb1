import { passkeySignInMessages } from '@ledgerstone/contracts/passkey-sign-in-messages';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';

import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { PasskeyError } from '../../../lib/webauthn.js';
import type { AccountKind } from '../api/account-kind.js';
import { useSignInWithPasskey, type SignedIn } from '../api/second-step.js';

type PasskeySignInProps = {
  kind: AccountKind;
  /** The member's "Remember me", read when the button is pressed. */
  rememberMe?: () => boolean;
  /** The password form is busy: one sign-in at a time. */
  disabled?: boolean;
  onSignedIn: (answer: SignedIn) => void;
};

/** "Sign in with a passkey": instead of the e-mail, password and code. */
export function PasskeySignIn({ kind, rememberMe, disabled, onSignedIn }: PasskeySignInProps) {
  const signIn = useSignInWithPasskey(kind);
  const toasts = useToasts();
  const start = () =>
    signIn.mutate(rememberMe?.() ?? false, {
      onSuccess: onSignedIn,
      onError: (error) =>
        toasts.error(error instanceof PasskeyError ? error.message : serverMessage(error, 'Login failed')),
    });
  return (
    <>
      <Divider>or</Divider>
      <Button
        variant="outlined"
        size="large"
        startIcon={<KeyIcon aria-hidden />}
        onClick={start}
        disabled={disabled || signIn.isPending}
      >
        {signIn.isPending ? 'Waiting for your passkey...' : passkeySignInMessages.signInWithPasskey}
      </Button>
    </>
  );
}
