import type { MessageResponse, VerifyRequest } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';

export const verifyAccount = (data: VerifyRequest): Promise<MessageResponse> =>
  api.patch<MessageResponse>('/user/verify', data);

export const useVerifyAccount = () => useSubmission(verifyAccount);
