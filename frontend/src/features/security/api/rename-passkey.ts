import type { PasskeyResponse, RenamePasskeyRequest } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import type { SecurityAudience } from '../../../api/security.js';
import { useSecurityMutation } from './security-mutation.js';

export const renamePasskey = (audience: SecurityAudience, id: string, data: RenamePasskeyRequest) =>
  api.patch<PasskeyResponse>(`/${audience}/security/passkeys/${encodeURIComponent(id)}`, data);

export const useRenamePasskey = (audience: SecurityAudience) =>
  useSecurityMutation(audience, 'passkey-rename', ({ id, ...data }: RenamePasskeyRequest & { id: string }) =>
    renamePasskey(audience, id, data),
  );
