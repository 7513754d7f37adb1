import type { AdminUserDetail } from '@ledgerstone/contracts';

/** The member the admin screens' tests open. */
export const ADMIN_TEST_USER_ID = '0b7e1c52-7d1f-4d7e-9a51-3c2f0e6a4b10';

type AdminUserData = AdminUserDetail['data'];

/**
 * What `GET /api/admin/users/:id` answers for Ada Lovelace, as the API stub takes it: an account where no money
 * has moved yet, with the given fields changed.
 */
export function adminUserAnswer(changes: Partial<AdminUserData> = {}): {
  status: 200;
  body: AdminUserDetail;
} {
  const data: AdminUserData = {
    id: ADMIN_TEST_USER_ID,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '',
    status: 'active',
    withdrawable_balance: '0.00',
    createdAt: '2026-03-14T09:30:00.000Z',
    total_balance: '0.00',
    total_invest: '0.00',
    total_withdrawal: '0.00',
    buckets: {
      available: '0.00',
      invested: '0.00',
      profit_locked: '0.00',
      profit_unlocked: '0.00',
      reserved: '0.00',
    },
    version: 0,
    ...changes,
  };
  return { status: 200, body: { data } };
}
