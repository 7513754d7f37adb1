import { useMutation, useQueryClient } from '@tanstack/react-query';

import { getSecurityOverviewQueryOptions, type SecurityAudience } from '../../../api/security.js';

/**
 * A change on the security screen: named under the overview's key (so a staff 401 ends the session, see
 * useAdminSessionExpiry), and the overview read again once it is done.
 */
export function useSecurityMutation<TVariables, TResult>(
  audience: SecurityAudience,
  name: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  const { queryKey } = getSecurityOverviewQueryOptions(audience);
  return useMutation({
    mutationKey: [...queryKey, name],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
