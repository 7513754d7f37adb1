import { stubApi } from '../../../testing/api-stub.js';

export const basic = {
  id: '6f1f0a3e-2b4c-4d5e-8f60-718293a4b5c6',
  version: 1,
  name: 'BASIC',
  kind: 'crypto',
  percentage: '50',
  termDays: 30,
  minAmount: '1000.00',
  maxAmount: '10000.00',
  active: true,
};

export const silver = {
  ...basic,
  id: '7a2b1c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d',
  name: 'SILVER',
  percentage: '300',
  termDays: 90,
  minAmount: '5000.00',
  maxAmount: '49999.00',
};

export const bitcoin = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'BITCOIN',
  network: 'bitcoin',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  active: true,
  displayOrder: 0,
};

export const usdt = {
  ...bitcoin,
  id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  name: 'USDT',
  network: 'tron',
  address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  displayOrder: 2,
};

const member = {
  id: '0b5f4c7e-8a39-4f7e-9a55-1d2f3c4b5a69',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 117 496 0000',
  referral_code: 'ABCD2345',
  status: 'active',
  createdAt: '2026-11-21T10:00:00.000Z',
  withdrawable_balance: '0.00',
  total_invest: '0.00',
  total_withdrawal: '0.00',
  total_balance: '0.00',
};

/** A signed-in member and the catalog: crypto plans BASIC and SILVER, methods BITCOIN and USDT. */
export function stubCatalog(overrides: Parameters<typeof stubApi>[0] = {}) {
  const plans = { status: 200, body: { plans: [basic, silver] } };
  return stubApi({
    'GET /api/user': { status: 200, body: member },
    'GET /api/plans?kind=crypto': plans,
    'GET /api/plans': plans,
    'GET /api/payment-methods': { status: 200, body: { paymentMethods: [bitcoin, usdt] } },
    ...overrides,
  });
}
