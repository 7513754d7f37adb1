import type { MessageResponse, UpdateProfileRequest } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getMemberProfileQueryOptions } from '../../../api/member-profile.js';

export const updateProfile = (data: UpdateProfileRequest): Promise<MessageResponse> =>
  api.patch<MessageResponse>('/user', data);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMemberProfileQueryOptions().queryKey }),
  });
};
