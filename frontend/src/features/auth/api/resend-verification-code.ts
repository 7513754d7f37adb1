import type { MessageResponse } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';

export const resendVerificationCode = (): Promise<MessageResponse> =>
  api.post<MessageResponse>('/user/verify/resend');

export const useResendVerificationCode = () => useSubmission(resendVerificationCode);
