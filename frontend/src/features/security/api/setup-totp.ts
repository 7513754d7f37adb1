import type { TotpSetupResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

/** POST security/totp/setup: a new secret to scan or type, pending until its first code confirms it. */
export const setupTotp = (audience: SecurityAudience): Promise<TotpSetupResponse> =>
  api.post<TotpSetupResponse>(`/${audience}/security/totp/setup`);

export const useSetupTotp = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'totp-setup', () => setupTotp(audience));
