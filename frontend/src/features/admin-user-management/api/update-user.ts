import type {
  AdjustBalancesRequest,
  CommandResponse,
  MessageResponse,
  UpdateUserRequest,
} from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';

export const updateUser = (id: string, data: UpdateUserRequest): Promise<MessageResponse> =>
  api.patch<MessageResponse>(`/admin/users/${encodeURIComponent(id)}`, data);

/**
 * The changed figures, each with the one the form showed; the server answers 409 when `version` or a shown figure
 * is no longer the account's.
 */
export const adjustBalances = (id: string, data: AdjustBalancesRequest): Promise<CommandResponse> =>
  api.put<CommandResponse>(`/admin/users/${encodeURIComponent(id)}/balances`, data);
