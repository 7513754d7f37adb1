import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { returnToState } from '../../../lib/return-to.js';
import { useToasts } from '../../../lib/toasts.js';
import { isAdminKey } from '../admin-query-key.js';

function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Mounted once by the admin layout: whenever an admin query or mutation (key starting with "admin") is
 * answered 401, shows the server's message as an error toast and goes to /admin-login, which brings the
 * admin back to the screen they were on. Screens need no 401 handling of their own.
 */
export function useAdminSessionExpiry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const toasts = useToasts();

  useEffect(() => {
    const expire = (error: ApiError) => {
      // One toast for the several admin calls a screen makes at once.
      toasts.error(error.message, { preventDuplicate: true });
      void navigate(paths.auth.adminLogin.path, {
        replace: true,
        state: returnToState({ pathname, search }),
      });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isAdminKey(event.query.queryKey) && isUnauthorized(event.action.error)) expire(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isAdminKey(event.mutation.options.mutationKey) && isUnauthorized(event.action.error)) {
        expire(event.action.error);
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate, toasts, pathname, search]);
}
