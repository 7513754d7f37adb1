import type { LoginRequest, LoginResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getMemberProfileQueryOptions } from '../../../api/member-profile.js';

export const login = (data: LoginRequest): Promise<LoginResponse> =>
  api.post<LoginResponse>('/user/login', data);

// A profile cached while logged out must not outlive the login.
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.removeQueries({ queryKey: getMemberProfileQueryOptions().queryKey }),
  });
};
