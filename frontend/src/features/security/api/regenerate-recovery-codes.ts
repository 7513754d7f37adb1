import type { PasswordAndFactorRequest, RecoveryCodesResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

/** POST security/recovery-codes: ten new codes, shown once; the old ones stop working. */
export const regenerateRecoveryCodes = (audience: SecurityAudience, data: PasswordAndFactorRequest) =>
  api.post<RecoveryCodesResponse>(`/${audience}/security/recovery-codes`, data);

export const useRegenerateRecoveryCodes = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'recovery-codes', (data: PasswordAndFactorRequest) =>
    regenerateRecoveryCodes(audience, data),
  );
