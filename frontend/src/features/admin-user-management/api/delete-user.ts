import type { MessageResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const deleteUser = (id: string): Promise<MessageResponse> =>
  api.delete<MessageResponse>(`/admin/users/${encodeURIComponent(id)}`);

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'delete'],
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
};
