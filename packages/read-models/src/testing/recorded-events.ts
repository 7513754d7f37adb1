import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@ledgerstone/eventstore';
import {
  accountStreamId,
  userStreamId,
  type AccountEvent,
  type IdentityEvent,
  type PlanTerms,
} from '@ledgerstone/ledger';
import type { RecordedAccountEvent, RecordedIdentityEvent } from '../recorded-events.js';

type DataOf<E extends { type: string; data: unknown }, T extends E['type']> = Extract<E, { type: T }>['data'];

export const GOLD_PLAN: PlanTerms = {
  planId: '6f1f0c3e-3c52-4a5e-9d0e-5a7f0b1c2d3e',
  planVersion: 1,
  planName: 'Gold',
  percentage: '50',
  termDays: 30,
};

export const BITCOIN_METHOD_ID = '0b8e4c1a-9f2d-4e6b-8a7c-1d2e3f4a5b6c';
export const ADMIN_ID = '3a9d7e2b-1c4f-4b8a-9e6d-7f0a1b2c3d4e';

/**
 * Events as the log hands them to projections, built in memory with increasing log positions and stream
 * positions, so a projection can be given exactly the batch a test names.
 */
export class EventLog {
  private position = 0n;
  private readonly streams = new Map<string, number>();

  record(streamId: string, type: string, data: unknown): RecordedEvent {
    this.position += 1n;
    const streamPosition = (this.streams.get(streamId) ?? 0) + 1;
    this.streams.set(streamId, streamPosition);
    return {
      globalPosition: this.position,
      transactionId: 1_000n + this.position,
      streamId,
      streamPosition,
      id: randomUUID(),
      type,
      data,
      metadata: {},
      recordedAt: new Date(Date.UTC(2026, 10, 21, 12, 0, 0) + Number(this.position) * 1_000),
      hash: '',
    };
  }

  account<T extends AccountEvent['type']>(type: T, data: DataOf<AccountEvent, T>) {
    const { userId } = data as { userId: string };
    return this.record(accountStreamId(userId), type, data) as Extract<RecordedAccountEvent, { type: T }>;
  }

  identity<T extends IdentityEvent['type']>(type: T, data: DataOf<IdentityEvent, T>) {
    const { userId } = data as { userId: string };
    return this.record(userStreamId(userId), type, data) as Extract<RecordedIdentityEvent, { type: T }>;
  }
}

const AT = '2026-11-21T12:00:00.000Z';

/** One member's account events with sensible defaults. */
export function memberEvents(log: EventLog, userId: string = randomUUID()) {
  return {
    userId,
    depositRequested: (depositId: string, amount: string, transactionHash: string | null = null) =>
      log.account('DepositRequested', {
        ...GOLD_PLAN,
        userId,
        depositId,
        amount,
        paymentMethodId: BITCOIN_METHOD_ID,
        proofKey: `proofs/${depositId}`,
        transactionHash,
        requestedAt: AT,
      }),
    depositConfirmed: (depositId: string, amount: string) =>
      log.account('DepositConfirmed', {
        userId,
        depositId,
        investmentId: randomUUID(),
        amount,
        confirmedAt: '2026-11-21T13:00:00.000Z',
        maturesAt: '2026-12-21T13:00:00.000Z',
        adminId: ADMIN_ID,
      }),
    depositRejected: (depositId: string, amount: string, reason = 'Proof unreadable') =>
      log.account('DepositRejected', {
        userId,
        depositId,
        amount,
        reason,
        rejectedAt: '2026-11-21T13:00:00.000Z',
        adminId: ADMIN_ID,
      }),
    withdrawalRequested: (withdrawalId: string, amount: string, source: 'balance' | 'profit' = 'balance') =>
      log.account('WithdrawalRequested', {
        userId,
        withdrawalId,
        source,
        amount,
        paymentMethodId: BITCOIN_METHOD_ID,
        requestedAt: AT,
      }),
    withdrawalPaid: (
      withdrawalId: string,
      amount: string,
      source: 'balance' | 'profit' = 'balance',
      payoutReference: string | null = '0xfeed',
    ) =>
      log.account('WithdrawalPaid', {
        userId,
        withdrawalId,
        source,
        amount,
        payoutReference,
        paidAt: '2026-11-21T14:00:00.000Z',
        adminId: ADMIN_ID,
      }),
    withdrawalRejected: (
      withdrawalId: string,
      amount: string,
      source: 'balance' | 'profit' = 'balance',
      reason = 'Wrong network',
    ) =>
      log.account('WithdrawalRejected', {
        userId,
        withdrawalId,
        source,
        amount,
        reason,
        rejectedAt: '2026-11-21T14:00:00.000Z',
        adminId: ADMIN_ID,
      }),
    adjusted: (bucket: 'available' | 'invested' | 'profit', amount: string, reason = 'Correction') =>
      log.account('BalanceAdjusted', {
        userId,
        adjustmentId: randomUUID(),
        bucket,
        amount,
        reason,
        adjustedAt: AT,
        adminId: ADMIN_ID,
      }),
  };
}
