import type { QueryKey } from '@tanstack/react-query';

/**
 * Admin screens name their queries (and mutations) with a key whose first part starts with "admin"
 * (['admin', 'users', page], ['admin-profile'], ['admin-transactions']): a 401 on such a call ends the
 * staff session in the browser (see useAdminSessionExpiry).
 */
export function isAdminKey(key: QueryKey | undefined): boolean {
  const first = key?.[0];
  return typeof first === 'string' && first.startsWith('admin');
}
