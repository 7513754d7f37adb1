import type { MessageResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useLogout } from '../../../lib/use-logout.js';

export const logoutMember = (): Promise<MessageResponse> => api.post<MessageResponse>('/user/logout');

/** Ends the member's session on the server, leaves the member area, then forgets what was cached for them. */
export function useLogoutMember({ leave }: { leave: () => void }) {
  return useLogout({ endSession: logoutMember, leave });
}
