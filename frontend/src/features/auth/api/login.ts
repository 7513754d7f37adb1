import type { LoginRequest, LoginResponse, TwoFactorChallenge } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getMemberProfileQueryOptions } from '../../../api/member-profile.js';

/** Signed in, or (right password, second factor set up) the second step's challenge. */
export const login = (data: LoginRequest): Promise<LoginResponse | TwoFactorChallenge> =>
  api.post<LoginResponse | TwoFactorChallenge>('/user/login', data);

// A profile cached while logged out must not outlive the login.
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.removeQueries({ queryKey: getMemberProfileQueryOptions().queryKey }),
  });
};
