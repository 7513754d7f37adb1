import type { ForgotPasswordRequest, MessageResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';
import type { AccountKind } from './account-kind.js';

export const forgotPassword = (kind: AccountKind, data: ForgotPasswordRequest): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/${kind}/forget-pass`, data);

export const useForgotPassword = (kind: AccountKind) =>
  useSubmission((data: ForgotPasswordRequest) => forgotPassword(kind, data));
