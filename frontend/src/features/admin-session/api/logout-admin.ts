import type { MessageResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useLogout } from '../../../lib/use-logout.js';

export const logoutAdmin = (): Promise<MessageResponse> => api.post<MessageResponse>('/admin/logout');

/** Ends the staff session on the server, leaves the admin area, then forgets everything cached. */
export function useLogoutAdmin({ leave }: { leave: () => void }) {
  return useLogout({ endSession: logoutAdmin, leave });
}
