import type { MemberProfile, WithdrawalProtection } from '@ledgerstone/contracts';

export const member: MemberProfile = {
  id: '0b5f4c7e-8a39-4f7e-9a55-1d2f3c4b5a69',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 117 496 0000',
  referral_code: 'ABCD2345',
  status: 'active',
  createdAt: '2026-11-21T10:00:00.000Z',
  withdrawable_balance: '1500.00',
  total_invest: '25000.50',
  total_withdrawal: '0.00',
  total_balance: '312.07',
};

export const marketPrices = {
  data: [
    { symbol: 'BTC', name: 'Bitcoin', price: '64250.12', change24h: '2.35' },
    { symbol: 'ETH', name: 'Ethereum', price: '3120.50', change24h: '-1.10' },
    { symbol: 'XRP', name: 'XRP', price: '0.61234000', change24h: '0.00' },
  ],
  source: 'sample',
  asOf: '2026-11-21T12:00:00.000Z',
};

/** No hold, no lock, the default limits untouched and an empty address book. */
export const withdrawalProtection: WithdrawalProtection = {
  addresses: [],
  hold: null,
  lock: null,
  limits: {
    own: false,
    daily: { limit: '50000.00', used: '0.00', left: '50000.00' },
    thirty_days: { limit: '250000.00', used: '0.00', left: '250000.00' },
  },
  cooling_hours: 48,
  awaiting_review: { count: 0, most: 10 },
};

/** Everything the member screens ask for, answered as a member with an empty history. */
export const memberApi = {
  'GET /api/user': { status: 200, body: member },
  'GET /api/market/prices': { status: 200, body: marketPrices },
  'GET /api/user/activity?limit=10': { status: 200, body: { data: [] } },
  'GET /api/users/affiliates': { status: 200, body: { data: [] } },
  'GET /api/transactions/deposit?page=1&pageSize=5': { status: 200, body: { data: [], total: 0 } },
  'GET /api/withdraw?page=1&pageSize=10': { status: 200, body: { data: [], total: 0 } },
  'GET /api/user/investments': { status: 200, body: { data: [] } },
  'GET /api/user/withdrawal-protection': { status: 200, body: withdrawalProtection },
};
