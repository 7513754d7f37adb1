import type { MessageResponse, ResetSecondFactorsRequest } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

/** Removes every second factor of the user and signs them out everywhere; the reason is recorded. */
export const resetSecondFactors = (id: string, data: ResetSecondFactorsRequest): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/admin/users/${encodeURIComponent(id)}/second-factors/reset`, data);

export const useResetSecondFactors = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', id, 'second-factors-reset'],
    mutationFn: (data: ResetSecondFactorsRequest) => resetSecondFactors(id, data),
    // The reset is on the user's timeline.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users', id] }),
  });
};
