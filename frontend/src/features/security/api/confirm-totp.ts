import type { RecoveryCodesResponse, TotpConfirmRequest } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

/** POST security/totp/confirm: the app's first code turns it on; the answer holds the recovery codes, once. */
export const confirmTotp = (audience: SecurityAudience, data: TotpConfirmRequest) =>
  api.post<RecoveryCodesResponse>(`/${audience}/security/totp/confirm`, data);

export const useConfirmTotp = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'totp-confirm', (data: TotpConfirmRequest) => confirmTotp(audience, data));
