import type { PasskeyAddedResponse, PasskeyCreationOptions, StepUpFactorInput } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { createPasskey } from '../../../lib/webauthn.js';
import { useSecurityMutation } from './security-mutation.js';

/** `password` for the account's first factor, `secondFactor` when it has one. */
export type NewPasskey = { name: string; password?: string; secondFactor?: StepUpFactorInput };

/**
 * One ceremony, two calls: POST security/passkeys/options for the registration options, the browser creates
 * the passkey, then POST security/passkeys saves it under its name.
 */
export async function addPasskey(
  audience: SecurityAudience,
  { name, password, secondFactor }: NewPasskey,
): Promise<PasskeyAddedResponse> {
  const options = await api.post<PasskeyCreationOptions>(`/${audience}/security/passkeys/options`);
  const response = await createPasskey(options);
  return api.post<PasskeyAddedResponse>(`/${audience}/security/passkeys`, {
    name,
    response,
    ...(password !== undefined && { password }),
    ...(secondFactor && { secondFactor }),
  });
}

export const useAddPasskey = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'passkey-add', (passkey: NewPasskey) => addPasskey(audience, passkey));
