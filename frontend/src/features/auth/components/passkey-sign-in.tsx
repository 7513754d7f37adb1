import { passkeySignInMessages } from '@ledgerstone/contracts/passkey-sign-in-messages';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';

import { PasskeyError } from '../../../lib/passkey-error.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { useSubmission } from '../../../lib/use-submission.js';
import type { AccountKind } from '../api/account-kind.js';
import { forgetCachedProfile } from '../api/forget-cached-profile.js';
import type { SignedIn } from '../api/second-step.js';

// The passkey ceremony (lib/webauthn.ts) and its requests load when the button is pressed, not with the login
// pages, which every visitor opens.
async function signInWithPasskey(kind: AccountKind, rememberMe: boolean): Promise<SignedIn> {
  const secondStep = await import('../api/second-step.js');
  return secondStep.signInWithPasskey(kind, rememberMe);
}

type PasskeySignInProps = {
  kind: AccountKind;
  /** The member's "Remember me", read when the button is pressed. */
  rememberMe?: () => boolean;
  /** The password form is busy: one sign-in at a time. */
  disabled?: boolean;
  onSignedIn: (answer: SignedIn) => void;
};

/**
 * "or" between the password form and the passkey button, drawn as MUI's Divider draws one with a text (a rule on
 * each side, the same padding) without loading it: the login pages, which every visitor opens, need no other.
 */
function OrSeparator() {
  return (
    <Box
      role="separator"
      aria-orientation="horizontal"
      sx={{
        display: 'flex',
        flexShrink: 0,
        textAlign: 'center',
        '&::before, &::after': {
          content: '""',
          alignSelf: 'center',
          width: '100%',
          borderTop: 'thin solid',
          borderColor: 'divider',
        },
      }}
    >
      <Box component="span" sx={{ px: 1.2, whiteSpace: 'nowrap' }}>
        or
      </Box>
    </Box>
  );
}

/** "Sign in with a passkey": instead of the e-mail, password and code. */
export function PasskeySignIn({ kind, rememberMe, disabled, onSignedIn }: PasskeySignInProps) {
  const signIn = useSubmission((rememberMe: boolean) => signInWithPasskey(kind, rememberMe), {
    onSuccess: () => forgetCachedProfile(kind),
  });
  const toasts = useToasts();
  const start = () =>
    signIn.mutate(rememberMe?.() ?? false, {
      onSuccess: onSignedIn,
      onError: (error) =>
        toasts.error(error instanceof PasskeyError ? error.message : serverMessage(error, 'Login failed')),
    });
  return (
    <>
      <OrSeparator />
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
