import type { MessageResponse, SignupRequest } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';

export const signup = (data: SignupRequest): Promise<MessageResponse> =>
  api.post<MessageResponse>('/user', data);

export const useSignup = () => useSubmission(signup);
