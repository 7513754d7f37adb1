import type { AdminLoginRequest, AdminSignedIn, TwoFactorChallenge } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getAdminProfileQueryOptions } from '../../../api/admin-profile.js';

/** Signed in (perhaps still to set up a second factor), or the second step's challenge. */
export const adminLogin = (data: AdminLoginRequest): Promise<AdminSignedIn | TwoFactorChallenge> =>
  api.post<AdminSignedIn | TwoFactorChallenge>('/admin/login', data);

// A profile cached while logged out must not outlive the login.
export const useAdminLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: () => queryClient.removeQueries({ queryKey: getAdminProfileQueryOptions().queryKey }),
  });
};
