import type { LockAccountRequest, MessageResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** POST /api/account/lock: "This wasn't me", from the link of a security mail; no session needed. */
export const lockAccount = (data: LockAccountRequest): Promise<MessageResponse> =>
  api.post<MessageResponse>('/account/lock', data);

/** A lock ends every session: nothing read for a signed-in account in this browser is kept. */
export const useLockAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: lockAccount, onSuccess: () => queryClient.removeQueries() });
};
