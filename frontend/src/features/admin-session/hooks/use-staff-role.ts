import type { UserRole } from '@ledgerstone/contracts';

import { useAdminProfile } from '../../../api/admin-profile.js';

/**
 * The signed-in staff member's role ("admin" or "auditor"). The admin layout shows its screens only once
 * the profile is known, so inside them this is always set.
 */
export function useStaffRole(): UserRole | undefined {
  return useAdminProfile().data?.role;
}

/** Auditors see every admin screen read-only: screens hide their action buttons when this is true. */
export function useIsAuditor(): boolean {
  return useStaffRole() === 'auditor';
}

/** The signed-in staff member's id: a proposal they made is theirs to withdraw, never to approve. */
export function useStaffId(): string | undefined {
  return useAdminProfile().data?.id;
}
