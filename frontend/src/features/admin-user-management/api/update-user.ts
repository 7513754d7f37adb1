import type {
  AdjustBalancesRequest,
  CommandResponse,
  MessageResponse,
  ProposalResponse,
  UpdateUserRequest,
} from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';

export const updateUser = (id: string, data: UpdateUserRequest): Promise<MessageResponse> =>
  api.patch<MessageResponse>(`/admin/users/${encodeURIComponent(id)}`, data);

/**
 * The changed figures, each with the one the form showed; the server answers 409 when `version` or a shown figure
 * is no longer the account's. With approvals on, it answers 202 with a proposal: nothing has changed yet.
 */
export const adjustBalances = (
  id: string,
  data: AdjustBalancesRequest,
  idempotencyKey: string,
): Promise<CommandResponse | ProposalResponse> =>
  api.put<CommandResponse | ProposalResponse>(`/admin/users/${encodeURIComponent(id)}/balances`, data, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
