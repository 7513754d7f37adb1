import type { MessageResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const logoutAdmin = (): Promise<MessageResponse> => api.post<MessageResponse>('/admin/logout');

/** Ends the staff session on the server, leaves the area, then forgets everything cached. */
export function useLogoutAdmin({ leave }: { leave: () => Promise<void> | void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAdmin,
    onSettled: async () => {
      await leave();
      queryClient.clear();
    },
  });
}
