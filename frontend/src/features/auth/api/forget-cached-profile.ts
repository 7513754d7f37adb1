import { adminProfileQueryKey, memberProfileQueryKey } from '../../../api/profile-query-keys.js';
import { existingQueryClient } from '../../../lib/shared-query-client.js';
import type { AccountKind } from './account-kind.js';

/** A profile cached while logged out must not outlive the sign-in. */
export function forgetCachedProfile(kind: AccountKind): void {
  existingQueryClient()?.removeQueries({
    queryKey: kind === 'admin' ? adminProfileQueryKey : memberProfileQueryKey,
  });
}
