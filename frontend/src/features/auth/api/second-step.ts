import type {
  AdminSignedIn,
  LoginResponse,
  PasskeyRequestOptions,
  SecondStepRequest,
} from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';
import { signWithPasskey } from '../../../lib/webauthn.js';
import type { AccountKind } from './account-kind.js';
import { forgetCachedProfile } from './forget-cached-profile.js';

/** What finishing a sign-in answers: the member's login response, or the admin's. */
export type SignedIn = LoginResponse | AdminSignedIn;

/** POST login/two-factor: the code from the app, or a recovery code, for the sign-in the password started. */
export const submitSecondStep = (kind: AccountKind, data: SecondStepRequest): Promise<SignedIn> =>
  api.post<SignedIn>(`/${kind}/login/two-factor`, data);

/** "Use a passkey" at the second step: a challenge for this sign-in, signed by one of the account's passkeys. */
export async function finishWithPasskey(kind: AccountKind): Promise<SignedIn> {
  const options = await api.post<PasskeyRequestOptions>(`/${kind}/login/passkey/options`);
  const response = await signWithPasskey(options);
  return api.post<SignedIn>(`/${kind}/login/passkey/verify`, { response });
}

/** "Sign in with a passkey": no e-mail or password; the passkey names the account and counts as both steps. */
export async function signInWithPasskey(kind: AccountKind, rememberMe: boolean): Promise<SignedIn> {
  const options = await api.post<PasskeyRequestOptions>(`/${kind}/passkey-login/options`);
  const response = await signWithPasskey(options);
  return api.post<SignedIn>(`/${kind}/passkey-login/verify`, { response, rememberMe });
}

export const useSecondStep = (kind: AccountKind) =>
  useSubmission((data: SecondStepRequest) => submitSecondStep(kind, data), {
    onSuccess: () => forgetCachedProfile(kind),
  });

export const useFinishWithPasskey = (kind: AccountKind) =>
  useSubmission(() => finishWithPasskey(kind), { onSuccess: () => forgetCachedProfile(kind) });
