import type { MessageResponse, DisableTotpRequest } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

/** POST security/totp/disable: the password and a current factor (a code or a passkey assertion). */
export const disableTotp = (audience: SecurityAudience, data: DisableTotpRequest) =>
  api.post<MessageResponse>(`/${audience}/security/totp/disable`, data);

export const useDisableTotp = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'totp-disable', (data: DisableTotpRequest) => disableTotp(audience, data));
