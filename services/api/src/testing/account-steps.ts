import type { FourEyesOnDecision } from '@ledgerstone/ledger';
import {
  changedFigures,
  type AdjustableFigure,
  type AdjustBalancesRequest,
  type AdminUserDetail,
  type CommandResponse,
  type DepositResponse,
  type WithdrawalResponse,
} from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BASIC_PLAN,
  BITCOIN,
  BITCOIN_ADDRESS,
  ETHEREUM_ADDRESS,
  PNG,
  type AccountsTestApp,
} from './accounts-test-app.js';
import { startProjectorProcess, type ProjectorProcess } from '../shared/testing/projector-process.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Someone signed in to the test app: their browser and their user id. */
export interface SignedInUser {
  browser: TestAgent;
  userId: string;
}

/**
 * One person signed in per role given, in that order, each in a browser of their own; every `'member'` is a
 * new active member.
 */
export async function signInAs<const Roles extends readonly ('admin' | 'auditor' | 'member')[]>(
  testApp: AccountsTestApp,
  ...roles: Roles
): Promise<{ -readonly [Index in keyof Roles]: SignedInUser }> {
  const people: SignedInUser[] = [];
  for (const role of roles) people.push(await testApp[role]());
  return people as { -readonly [Index in keyof Roles]: SignedInUser };
}

/**
 * A deposit of `amount` into the basic plan, paid by bitcoin with a PNG proof, as the member's browser would
 * send it; it goes out once awaited, so the caller states the answer it expects.
 */
export function depositRequest(member: TestAgent, amount: string) {
  return member
    .post('/api/deposit')
    .field({ plan: BASIC_PLAN.id, amount, payment_method: BITCOIN.id })
    .attach('payment_proof', PNG, { filename: 'proof.png', contentType: 'image/png' });
}

/** The member asks to deposit `amount` (201); the deposit waits for staff. */
export async function requestDeposit(member: TestAgent, amount: string): Promise<DepositResponse> {
  const { body } = await depositRequest(member, amount).expect(201);
  return body as DepositResponse;
}

/** The admin confirms a pending deposit (200). */
export async function confirmDeposit(admin: TestAgent, depositId: string): Promise<CommandResponse> {
  const { body } = await admin.post(`/api/admin/deposits/${depositId}/confirm`).expect(200);
  return body as CommandResponse;
}

/** The admin rejects a pending deposit, giving `reason` (200). */
export async function rejectDeposit(
  admin: TestAgent,
  depositId: string,
  reason: string,
): Promise<CommandResponse> {
  const { body } = await admin.post(`/api/admin/deposits/${depositId}/reject`).send({ reason }).expect(200);
  return body as CommandResponse;
}

/** The member deposits `amount` and the admin confirms it; the deposit's id. */
export async function confirmedDeposit(admin: TestAgent, member: TestAgent, amount: string): Promise<string> {
  const { depositId } = await requestDeposit(member, amount);
  await confirmDeposit(admin, depositId);
  return depositId;
}

/**
 * The member's Withdrawal Gateway saved with the test addresses (200): withdrawals go only to the address book. Saving
 * the same addresses again appends nothing, so a test may call it before every withdrawal.
 */
export async function savePayoutAddresses(member: TestAgent): Promise<void> {
  await member
    .put('/api/user/wallets')
    .send({ bitcoin: BITCOIN_ADDRESS, ethereum: ETHEREUM_ADDRESS, usdt: ETHEREUM_ADDRESS })
    .expect(200);
}

/** The member asks to withdraw `amount` by bitcoin (201), to the address book's address; it waits for staff. */
export async function requestWithdrawal(member: TestAgent, amount: string): Promise<WithdrawalResponse> {
  await savePayoutAddresses(member);
  const { body } = await member
    .post('/api/withdraw')
    .send({ amount, payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS })
    .expect(201);
  return body as WithdrawalResponse;
}

/** The admin marks a pending withdrawal paid (200). */
export async function payWithdrawal(
  admin: TestAgent,
  withdrawalId: string,
  payment: { payoutReference?: string } = {},
): Promise<CommandResponse> {
  const { body } = await admin.post(`/api/admin/withdrawals/${withdrawalId}/pay`).send(payment).expect(200);
  return body as CommandResponse;
}

/** The admin rejects a pending withdrawal, giving `reason` (200). */
export async function rejectWithdrawal(
  admin: TestAgent,
  withdrawalId: string,
  reason: string,
): Promise<CommandResponse> {
  const { body } = await admin
    .post(`/api/admin/withdrawals/${withdrawalId}/reject`)
    .send({ reason })
    .expect(200);
  return body as CommandResponse;
}

/** The member as the admin's Edit User Details page reads them (200): figures and account version. */
export async function memberDetail(admin: TestAgent, userId: string): Promise<AdminUserDetail['data']> {
  const { body } = await admin.get(`/api/admin/users/${userId}`).expect(200);
  return (body as AdminUserDetail).data;
}

/** The admin sends the changed figures with the ones the form showed and the version they were read at (200). */
export async function adjustBalances(
  admin: TestAgent,
  userId: string,
  adjustment: AdjustBalancesRequest,
): Promise<CommandResponse> {
  const { body } = await admin.put(`/api/admin/users/${userId}/balances`).send(adjustment).expect(200);
  return body as CommandResponse;
}

/** The real projector, keeping the read models of the test app's database and queueing under its Redis prefix. */
export function startProjectorFor(testApp: AccountsTestApp): Promise<ProjectorProcess> {
  return startProjectorProcess({
    databaseUrl: testApp.databaseUrl,
    redisUrl: REDIS_URL,
    redisPrefix: testApp.redisPrefix,
  });
}

/**
 * The admin sets the member's figures as the Edit User Details form does: it reads the member first, then sends
 * the figures given that differ from those it read, with the figures read and their version.
 */
export async function adjustBalancesAtCurrentVersion(
  admin: TestAgent,
  userId: string,
  { reason, ...targets }: Partial<Record<AdjustableFigure, string>> & { reason: string },
): Promise<CommandResponse> {
  const detail = await memberDetail(admin, userId);
  const shown = {
    available: detail.buckets.available,
    invested: detail.buckets.invested,
    profit: detail.total_balance,
  };
  const figures = changedFigures(shown, { ...shown, ...targets });
  return adjustBalances(admin, userId, { ...figures, reason, version: detail.version });
}

/** A decision's four eyes when a test sets an account up directly, as no admin would: approvals off. */
export const FOUR_EYES_OFF: FourEyesOnDecision = {
  policy: { enabled: false, depositOver: 0n, withdrawalOver: 0n, expiryHours: 1 },
  approved: false,
};
