import type { SignedOutOthersResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

/** POST security/sessions/sign-out-others: every session but this one. */
export const signOutOtherSessions = (audience: SecurityAudience) =>
  api.post<SignedOutOthersResponse>(`/${audience}/security/sessions/sign-out-others`);

export const useSignOutOtherSessions = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'sessions-sign-out-others', () => signOutOtherSessions(audience));
