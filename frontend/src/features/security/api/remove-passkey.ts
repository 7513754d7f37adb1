import type { MessageResponse, RemovePasskeyRequest } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

/** POST security/passkeys/:id/remove: the password and a current factor. */
export const removePasskey = (audience: SecurityAudience, id: string, data: RemovePasskeyRequest) =>
  api.post<MessageResponse>(`/${audience}/security/passkeys/${encodeURIComponent(id)}/remove`, data);

export const useRemovePasskey = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'passkey-remove', ({ id, ...data }: RemovePasskeyRequest & { id: string }) =>
    removePasskey(audience, id, data),
  );
