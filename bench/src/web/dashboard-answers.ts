import type {
  AccountActivity,
  MarketPrices,
  MemberProfile,
  RunningInvestments,
  SecurityOverview,
  WithdrawalProtection,
} from '@ledgerstone/contracts';
import type { ApiAnswers } from './static-site.js';

/** A signed-in member with some history: what the dashboard's calls answer during the Lighthouse run. */
export function dashboardAnswers(): ApiAnswers {
  const now = new Date().toISOString();
  const profile: MemberProfile = {
    id: '3f1c2a9e-8d4b-4c6e-9a7f-1b2c3d4e5f60',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '+44 117 496 0000',
    referral_code: 'ADA1843',
    status: 'active',
    createdAt: now,
    withdrawable_balance: '150.00',
    total_invest: '1500.00',
    total_withdrawal: '50.00',
    total_balance: '12.34',
  };
  const activity: AccountActivity = {
    data: [
      {
        id: '0b6f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
        type: 'BalanceAdjusted',
        amount: '200.00',
        bucket: 'available',
        reason: 'Welcome bonus',
        occurredAt: now,
      },
      {
        id: '1c7a8d2f-3e4b-4c6d-9e0f-1a2b3c4d5e6f',
        type: 'DepositConfirmed',
        amount: '1500.00',
        bucket: null,
        reason: null,
        occurredAt: now,
      },
    ],
  };
  const prices: MarketPrices = {
    source: 'sample',
    asOf: now,
    data: [
      { symbol: 'BTC', name: 'Bitcoin', price: '64250.12', change24h: '1.25' },
      { symbol: 'ETH', name: 'Ethereum', price: '3120.55', change24h: '-0.84' },
      { symbol: 'USDT', name: 'Tether', price: '1.00', change24h: '0.01' },
      { symbol: 'SOL', name: 'Solana', price: '142.18', change24h: '3.10' },
    ],
  };
  const investments: RunningInvestments = {
    data: [
      {
        id: '2d8b9e3a-4f5c-4d7e-8f90-a1b2c3d4e5f6',
        plan_name: 'BASIC',
        percentage: '50',
        term_days: 30,
        principal: '1500.00',
        accrued: '300.00',
        accrued_through: now.slice(0, 10),
        startedAt: new Date(Date.now() - 12 * 86_400_000).toISOString(),
        maturesAt: new Date(Date.now() + 18 * 86_400_000).toISOString(),
      },
    ],
  };
  const security: SecurityOverview = {
    enabled: true,
    required: false,
    totpEnabled: true,
    passkeys: [],
    recoveryCodesLeft: 10,
    sessions: [
      {
        id: '3e9cafb4-5a6d-4e8f-9a01-b2c3d4e5f6a7',
        device: 'Chrome on Android',
        ip: '203.0.113.7',
        signedInAt: now,
        lastActiveAt: now,
        current: true,
      },
    ],
  };
  const limit = (value: string) => ({ limit: value, used: '0.00', left: value });
  const protection: WithdrawalProtection = {
    addresses: [],
    hold: null,
    lock: null,
    limits: { own: false, daily: limit('10000.00'), thirty_days: limit('50000.00') },
    cooling_hours: 24,
    awaiting_review: { count: 0, most: 10 },
  };
  return {
    '/api/user': profile,
    '/api/user/security': security,
    '/api/user/withdrawal-protection': protection,
    '/api/user/activity': activity,
    '/api/market/prices': prices,
    '/api/user/investments': investments,
  };
}
