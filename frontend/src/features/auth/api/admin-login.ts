import type { AdminLoginRequest, AdminSignedIn, TwoFactorChallenge } from '@ledgerstone/contracts';

import { api } from '../../../lib/api-client.js';
import { useSubmission } from '../../../lib/use-submission.js';
import { forgetCachedProfile } from './forget-cached-profile.js';

/** Signed in (perhaps still to set up a second factor), or the second step's challenge. */
export const adminLogin = (data: AdminLoginRequest): Promise<AdminSignedIn | TwoFactorChallenge> =>
  api.post<AdminSignedIn | TwoFactorChallenge>('/admin/login', data);

const forgetAdminProfile = () => forgetCachedProfile('admin');

export const useAdminLogin = () => useSubmission(adminLogin, { onSuccess: forgetAdminProfile });
