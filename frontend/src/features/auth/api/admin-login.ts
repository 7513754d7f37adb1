import type { AdminLoginRequest, AdminLoginResponse } from '@ledgerstone/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import { getAdminProfileQueryOptions } from '../../../api/admin-profile.js';

export const adminLogin = (data: AdminLoginRequest): Promise<AdminLoginResponse> =>
  api.post<AdminLoginResponse>('/admin/login', data);

// A profile cached while logged out must not outlive the login.
export const useAdminLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: () => queryClient.removeQueries({ queryKey: getAdminProfileQueryOptions().queryKey }),
  });
};
