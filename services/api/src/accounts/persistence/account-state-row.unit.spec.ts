import { describe, expect, it } from '@jest/globals';
import { evolve, initialState, type AccountEvent } from '@ledgerstone/ledger';
import { loadAccountState, storeAccountState } from './account-state-row.js';

const userId = 'user-1';
const plan = { planId: 'plan-basic', planVersion: 2, planName: 'BASIC', percentage: '50', termDays: 30 };

const history: AccountEvent[] = [
  {
    type: 'BalanceAdjusted',
    data: {
      userId,
      adjustmentId: 'a-1',
      bucket: 'available',
      amount: '100000',
      reason: 'Opening balance',
      adminId: 'admin-1',
      adjustedAt: '2026-03-01T09:00:00.000Z',
    },
  },
  ...(['d-1', 'd-2', 'd-3'] as const).map((depositId): AccountEvent => ({
    type: 'DepositRequested',
    data: {
      userId,
      depositId,
      ...plan,
      amount: '150000',
      paymentMethodId: 'method-btc',
      proofKey: `proofs/${depositId}`,
      transactionHash: null,
      requestedAt: '2026-03-01T10:00:00.000Z',
    },
  })),
  {
    type: 'DepositConfirmed',
    data: {
      userId,
      depositId: 'd-1',
      investmentId: 'i-1',
      amount: '150000',
      confirmedAt: '2026-03-01T11:00:00.000Z',
      maturesAt: '2026-03-31T11:00:00.000Z',
      adminId: 'admin-1',
    },
  },
  {
    type: 'DepositRejected',
    data: {
      userId,
      depositId: 'd-2',
      amount: '150000',
      reason: 'No payment arrived',
      rejectedAt: '2026-03-01T11:00:00.000Z',
      adminId: 'admin-1',
    },
  },
  {
    type: 'InvestmentMatured',
    data: { userId, investmentId: 'i-1', maturedOn: '2026-03-31', principal: '150000', profit: '0' },
  },
];

describe('The account state row', () => {
  it('stores and loads a state with its decided deposits and matured investments unchanged', () => {
    const state = history.reduce(evolve, initialState());
    const stored = JSON.parse(JSON.stringify(storeAccountState(state))) as unknown;
    expect(loadAccountState(stored)).toEqual(state);
  });

  it('loads a row stored with every deposit, investment and withdrawal whole as the state it stands for', () => {
    const legacy = {
      available: '100000',
      invested: '0',
      profitLocked: '0',
      profitUnlocked: '0',
      reserved: '40000',
      totalDeposited: '150000',
      totalWithdrawn: '0',
      deposits: {
        'd-1': { depositId: 'd-1', status: 'confirmed', amount: '150000', ...plan },
        'd-2': { depositId: 'd-2', status: 'rejected', amount: '150000', ...plan },
        'd-3': { depositId: 'd-3', status: 'pending', amount: '150000', ...plan },
      },
      investments: {
        'i-1': {
          investmentId: 'i-1',
          depositId: 'd-1',
          ...plan,
          principal: '150000',
          startedAt: '2026-03-01T11:00:00.000Z',
          maturesAt: '2026-03-31T11:00:00.000Z',
          profit: '0',
          accruedThrough: '2026-03-31',
          maturedOn: '2026-03-31',
        },
      },
      withdrawals: {
        'w-1': { withdrawalId: 'w-1', status: 'rejected', source: 'balance', amount: '500', requestedAt: '' },
        'w-2': {
          withdrawalId: 'w-2',
          status: 'pending',
          source: 'balance',
          amount: '40000',
          requestedAt: '2026-03-02T10:00:00.000Z',
        },
      },
      payoutAddresses: {},
      securityHold: null,
      heldThroughChange: 0,
      lock: null,
      withdrawalLimits: null,
    };

    const state = loadAccountState(legacy);

    expect(state.deposits).toEqual({
      'd-3': { depositId: 'd-3', status: 'pending', amount: 150_000n, ...plan },
    });
    expect(state.decidedDeposits).toEqual({ 'd-1': 'confirmed', 'd-2': 'rejected' });
    expect(state.investments).toEqual({});
    expect(state.maturedInvestments).toEqual({ 'i-1': '2026-03-31' });
    expect(state.withdrawals).toEqual({
      'w-2': {
        withdrawalId: 'w-2',
        status: 'pending',
        source: 'balance',
        amount: 40_000n,
        requestedAt: '2026-03-02T10:00:00.000Z',
      },
    });
    expect(state.settledWithdrawals).toEqual({ 'w-1': 'rejected' });
  });
});
