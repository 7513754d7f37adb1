import { performance } from 'node:perf_hooks';
import {
  decide,
  evolve,
  initialState,
  type AccountCommand,
  type AccountEvent,
  type AccountState,
} from '@ledgerstone/ledger';

/**
 * What an account command pays for the account's history: the account state is read, decided on, moved and
 * written back whole at every command. For an account with 1, 12 and 60 months of daily activity (a deposit
 * confirmed and matured, a withdrawal paid, each day) it prints the state's size as JSON (about what the
 * `state` column keeps) and the time of one withdrawal command's own work on it: parse, decide, evolve, stringify.
 */
const userId = 'bench-member';
const DAY_MS = 86_400_000;
const start = new Date('2025-01-01T10:00:00.000Z');
const plan = { planId: 'plan-basic', planVersion: 1, planName: 'BASIC', percentage: '10', termDays: 30 };

const at = (day: number, hour = 0) =>
  new Date(start.getTime() + day * DAY_MS + hour * 3_600_000).toISOString();

function dayOfActivity(day: number): AccountEvent[] {
  const depositId = `d-${day}`;
  const investmentId = `i-${day}`;
  const withdrawalId = `w-${day}`;
  return [
    {
      type: 'DepositRequested',
      data: {
        userId,
        depositId,
        ...plan,
        amount: '100000',
        paymentMethodId: 'method-btc',
        proofKey: `proofs/${depositId}`,
        transactionHash: null,
        requestedAt: at(day),
      },
    },
    {
      type: 'DepositConfirmed',
      data: {
        userId,
        depositId,
        investmentId,
        amount: '100000',
        confirmedAt: at(day, 1),
        maturesAt: at(day + 30, 1),
        adminId: 'admin-1',
      },
    },
    {
      type: 'InvestmentMatured',
      data: { userId, investmentId, maturedOn: at(day + 30).slice(0, 10), principal: '100000', profit: '0' },
    },
    {
      type: 'WithdrawalRequested',
      data: {
        userId,
        withdrawalId,
        source: 'balance',
        amount: '100',
        paymentMethodId: 'method-btc',
        requestedAt: at(day, 2),
        addressSavedAt: at(-10),
      },
    },
    {
      type: 'WithdrawalPaid',
      data: {
        userId,
        withdrawalId,
        source: 'balance',
        amount: '100',
        payoutReference: null,
        paidAt: at(day, 3),
        adminId: 'admin-1',
      },
    },
  ];
}

function history(days: number): AccountEvent[] {
  return [
    {
      type: 'PayoutAddressSaved',
      data: { userId, wallet: 'bitcoin', addressKey: 'key-1', savedAt: at(-10), usableFrom: at(-8) },
    },
    ...Array.from({ length: days }, (_, day) => dayOfActivity(day)).flat(),
  ];
}

const json = (state: AccountState) =>
  JSON.stringify(state, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

/** Strings back to cents where the state has them, as loading the row does. */
function parse(text: string): AccountState {
  const cents = new Set([
    'available',
    'invested',
    'profitLocked',
    'profitUnlocked',
    'reserved',
    'totalDeposited',
    'totalWithdrawn',
    'amount',
    'principal',
    'profit',
    'daily',
    'thirtyDays',
  ]);
  return JSON.parse(text, (key, value: unknown) =>
    cents.has(key) && typeof value === 'string' ? BigInt(value) : value,
  ) as AccountState;
}

function withdrawal(day: number, index: number): AccountCommand {
  return {
    type: 'RequestWithdrawal',
    data: {
      userId,
      withdrawalId: `bench-${index}`,
      source: 'balance',
      amount: 1n,
      paymentMethodId: 'method-btc',
      destinations: [{ wallet: 'bitcoin', addressKey: 'key-1' }],
      policy: {
        coolingHours: 48,
        defaultLimits: { daily: 10n ** 12n, thirtyDays: 10n ** 12n },
        pendingMax: 10,
      },
      accountOpen: true,
      requestedAt: new Date(at(day, 5)),
    },
  };
}

const entries = (state: AccountState) =>
  Object.keys(state.deposits).length +
  Object.keys(state.investments).length +
  Object.keys(state.withdrawals).length;

console.log('months  whole entries  state JSON  command on it (parse, decide, evolve, stringify)');
for (const months of [1, 12, 60]) {
  const days = months * 30;
  const state = history(days).reduce(evolve, initialState());
  const text = json(state);
  const runs = Math.max(50, Math.round(20_000 / months));
  for (let warm = 0; warm < 20; warm++) decide(withdrawal(days, warm), parse(text));
  const began = performance.now();
  for (let index = 0; index < runs; index++) {
    let next = parse(text);
    for (const event of decide(withdrawal(days, index), next)) next = evolve(next, event);
    json(next);
  }
  const ms = (performance.now() - began) / runs;
  console.log(
    `${String(months).padStart(6)}  ${String(entries(state)).padStart(13)}  ${(text.length / 1024).toFixed(1).padStart(7)} KB  ${ms.toFixed(3).padStart(8)} ms`,
  );
}
