/** The signed-in member of the member screens' specs, as GET /api/user answers. */
export const memberProfile = {
  id: '0b5f4c7e-8a39-4f7e-9a55-1d2f3c4b5a69',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 117 496 0000',
  referral_code: 'ABCD2345',
  status: 'active',
  createdAt: '2026-11-21T10:00:00.000Z',
  withdrawable_balance: '1500.00',
  total_invest: '2000.00',
  total_withdrawal: '0.00',
  total_balance: '300.00',
};
