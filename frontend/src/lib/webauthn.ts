import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@ledgerstone/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

import { PasskeyError } from './passkey-error.js';

export const passkeyMessages = {
  cancelled: 'The passkey request was cancelled or timed out. Try again.',
  unsupported: 'This browser cannot use passkeys.',
  alreadyAdded: 'This passkey is already added to your account.',
  failed: 'The passkey could not be used. Try again.',
} as const;

export { PasskeyError };

function explain(error: unknown): PasskeyError {
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return new PasskeyError(passkeyMessages.alreadyAdded);
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') {
    return new PasskeyError(passkeyMessages.cancelled);
  }
  if (error instanceof Error && /not supported/i.test(error.message)) {
    return new PasskeyError(passkeyMessages.unsupported);
  }
  return new PasskeyError(passkeyMessages.failed);
}

// The browser library loads with the first passkey ceremony, not with the screens that offer one.
const browserLibrary = () => import('@simplewebauthn/browser');

/** Creates a passkey on this device for the server's registration options. */
export async function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await browserLibrary();
  try {
    // The server generated the options for this library; the contract names only their challenge.
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    return (await startRegistration({ optionsJSON })) as PasskeyRegistrationResponse;
  } catch (error) {
    throw explain(error);
  }
}

/** Signs the server's challenge with one of the person's passkeys. */
export async function signWithPasskey(
  options: PasskeyRequestOptions,
): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication } = await browserLibrary();
  try {
    const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
    return (await startAuthentication({ optionsJSON })) as PasskeyAuthenticationResponse;
  } catch (error) {
    throw explain(error);
  }
}
