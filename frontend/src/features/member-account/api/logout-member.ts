import type { MessageResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const logoutMember = (): Promise<MessageResponse> => api.post<MessageResponse>('/user/logout');

/**
 * Ends the session on the server, leaves the area, then forgets everything cached for this member (after
 * leaving, so the screens still mounted do not ask for their data again).
 */
export function useLogoutMember({ leave }: { leave: () => Promise<void> | void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutMember,
    onSettled: async () => {
      await leave();
      queryClient.clear();
    },
  });
}
