import { twoFactorMessages } from '@ledgerstone/contracts/two-factor-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getSecurityOverviewQueryOptions } from '../../../api/security.js';
import { ApiError } from '../../../lib/api-client.js';
import { useToasts } from '../../../lib/toasts.js';
import { isAdminKey } from '../admin-query-key.js';

/** The API's 403 to staff who have no second factor yet (every admin route but the security screen's). */
export function isSetupRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.message === twoFactorMessages.setUpFirst;
}

/**
 * Mounted once by the admin layout: when an admin call is refused because the staff member has no second factor
 * (it was removed in another tab, say), shows the server's message once and reads the security overview again,
 * which sends the layout to the security screen. Nothing retries the refused call, so nothing loops.
 */
export function useSetupRefusals() {
  const queryClient = useQueryClient();
  const toasts = useToasts();

  useEffect(() => {
    const { queryKey } = getSecurityOverviewQueryOptions('admin');
    const refused = (error: ApiError) => {
      toasts.error(error.message, { preventDuplicate: true });
      void queryClient.invalidateQueries({ queryKey });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isAdminKey(event.query.queryKey) && isSetupRefusal(event.action.error)) refused(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isAdminKey(event.mutation.options.mutationKey) && isSetupRefusal(event.action.error)) {
        refused(event.action.error);
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, toasts]);
}
