import type { MessageResponse, ResetPasswordRequest } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';
import type { AccountKind } from './account-kind.js';

export const resetPassword = (
  kind: AccountKind,
  token: string,
  data: ResetPasswordRequest,
): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/${kind}/change/${encodeURIComponent(token)}`, data);

export const useResetPassword = (kind: AccountKind, token: string) =>
  useSubmission((data: ResetPasswordRequest) => resetPassword(kind, token, data));
