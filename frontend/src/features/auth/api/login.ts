import type { LoginRequest, LoginResponse, TwoFactorChallenge } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';
import { forgetCachedProfile } from './forget-cached-profile.js';

/** Signed in, or (right password, second factor set up) the second step's challenge. */
export const login = (data: LoginRequest): Promise<LoginResponse | TwoFactorChallenge> =>
  api.post<LoginResponse | TwoFactorChallenge>('/user/login', data);

const forgetMemberProfile = () => forgetCachedProfile('user');

export const useLogin = () => useSubmission(login, { onSuccess: forgetMemberProfile });
