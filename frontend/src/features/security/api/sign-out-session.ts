import type { MessageResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

/** POST security/sessions/:id/sign-out: ends another of the person's sessions. */
export const signOutSession = (audience: SecurityAudience, id: string) =>
  api.post<MessageResponse>(`/${audience}/security/sessions/${encodeURIComponent(id)}/sign-out`);

export const useSignOutSession = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'session-sign-out', (id: string) => signOutSession(audience, id));
