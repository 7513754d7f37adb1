import type {
  AdjustBalance,
  ConfirmDeposit,
  DepositPlan,
  FourEyesOnDecision,
  LockAccount,
  MarkWithdrawalPaid,
  RejectDeposit,
  RejectWithdrawal,
  RequestDeposit,
  RequestWithdrawal,
  SavePayoutAddresses,
  SetWithdrawalLimits,
  StartSecurityHold,
  UnlockAccount,
} from '../account/account.decider.js';
import type {
  AccountLocked,
  AccountUnlocked,
  BalanceAdjusted,
  DepositConfirmed,
  DepositRejected,
  DepositRequested,
  PayoutAddressSaved,
  SecurityHoldStarted,
  WithdrawalLimitsSet,
  WithdrawalPaid,
  WithdrawalRejected,
  WithdrawalRequested,
} from '../account/account.events.js';

export const userId = 'user-1';
export const adminId = 'admin-1';

export const basicPlan: DepositPlan = {
  planId: 'plan-basic',
  planVersion: 2,
  planName: 'BASIC',
  percentage: '50',
  termDays: 30,
  minAmount: 100_000n,
  maxAmount: 1_000_000n,
};

export const requestedAt = new Date('2026-03-01T10:00:00.000Z');
/** The member's Bitcoin payout address, saved long enough before `requestedAt` to be usable. */
export const bitcoinAddressKey = 'key-bitcoin-1';
export const addressSavedAt = new Date('2026-02-01T08:00:00.000Z');
export const withdrawalPolicy = {
  coolingHours: 48,
  defaultLimits: { daily: 5_000_000n, thirtyDays: 25_000_000n },
  pendingMax: 10,
};
export const decidedAt = new Date('2026-03-02T09:30:00.000Z');
/** Four eyes on, above 10,000.00 for deposits and 5,000.00 for payouts. */
export const approvalPolicy = {
  enabled: true,
  depositOver: 1_000_000n,
  withdrawalOver: 500_000n,
  expiryHours: 72,
};
export const FOUR_EYES_OFF: FourEyesOnDecision = {
  policy: { ...approvalPolicy, enabled: false },
  approved: false,
};

export const command = {
  requestDeposit: (data: Partial<RequestDeposit['data']> = {}): RequestDeposit => ({
    type: 'RequestDeposit',
    data: {
      userId,
      depositId: 'deposit-1',
      plan: basicPlan,
      amount: 150_000n,
      paymentMethodId: 'method-btc',
      proofKey: 'proofs/3f2a',
      transactionHash: null,
      accountOpen: true,
      requestedAt,
      ...data,
    },
  }),
  confirmDeposit: (data: Partial<ConfirmDeposit['data']> = {}): ConfirmDeposit => ({
    type: 'ConfirmDeposit',
    data: {
      userId,
      depositId: 'deposit-1',
      investmentId: 'investment-1',
      adminId,
      accountOpen: true,
      fourEyes: FOUR_EYES_OFF,
      confirmedAt: decidedAt,
      ...data,
    },
  }),
  rejectDeposit: (data: Partial<RejectDeposit['data']> = {}): RejectDeposit => ({
    type: 'RejectDeposit',
    data: {
      userId,
      depositId: 'deposit-1',
      reason: 'No payment arrived',
      adminId,
      rejectedAt: decidedAt,
      ...data,
    },
  }),
  requestWithdrawal: (data: Partial<RequestWithdrawal['data']> = {}): RequestWithdrawal => ({
    type: 'RequestWithdrawal',
    data: {
      userId,
      withdrawalId: 'withdrawal-1',
      source: 'balance',
      amount: 40_000n,
      paymentMethodId: 'method-btc',
      destinations: [{ wallet: 'bitcoin', addressKey: bitcoinAddressKey }],
      policy: withdrawalPolicy,
      accountOpen: true,
      requestedAt,
      ...data,
    },
  }),
  markWithdrawalPaid: (data: Partial<MarkWithdrawalPaid['data']> = {}): MarkWithdrawalPaid => ({
    type: 'MarkWithdrawalPaid',
    data: {
      userId,
      withdrawalId: 'withdrawal-1',
      payoutReference: 'tx-77',
      adminId,
      fourEyes: FOUR_EYES_OFF,
      paidAt: decidedAt,
      ...data,
    },
  }),
  rejectWithdrawal: (data: Partial<RejectWithdrawal['data']> = {}): RejectWithdrawal => ({
    type: 'RejectWithdrawal',
    data: {
      userId,
      withdrawalId: 'withdrawal-1',
      reason: 'Wallet on the wrong network',
      adminId,
      rejectedAt: decidedAt,
      ...data,
    },
  }),
  savePayoutAddresses: (data: Partial<SavePayoutAddresses['data']> = {}): SavePayoutAddresses => ({
    type: 'SavePayoutAddresses',
    data: {
      userId,
      addresses: [{ wallet: 'bitcoin', addressKey: bitcoinAddressKey }],
      coolingHours: 48,
      accountOpen: true,
      savedAt: addressSavedAt,
      ...data,
    },
  }),
  startSecurityHold: (data: Partial<StartSecurityHold['data']> = {}): StartSecurityHold => ({
    type: 'StartSecurityHold',
    data: {
      userId,
      cause: 'password-changed',
      changePosition: 5,
      holdHours: 24,
      startedAt: requestedAt,
      ...data,
    },
  }),
  lockAccount: (data: Partial<LockAccount['data']> = {}): LockAccount => ({
    type: 'LockAccount',
    data: {
      userId,
      lockedBy: 'member',
      adminId: null,
      reason: 'Locked by the member from a security e-mail',
      lockedAt: requestedAt,
      ...data,
    },
  }),
  unlockAccount: (data: Partial<UnlockAccount['data']> = {}): UnlockAccount => ({
    type: 'UnlockAccount',
    data: {
      userId,
      adminId,
      reason: 'Owner verified by phone',
      accountOpen: true,
      unlockedAt: decidedAt,
      ...data,
    },
  }),
  setWithdrawalLimits: (data: Partial<SetWithdrawalLimits['data']> = {}): SetWithdrawalLimits => ({
    type: 'SetWithdrawalLimits',
    data: {
      userId,
      daily: 100_000n,
      thirtyDays: 300_000n,
      reason: 'Member asked for lower limits',
      adminId,
      accountOpen: true,
      setAt: requestedAt,
      ...data,
    },
  }),
  adjustBalance: (data: Partial<AdjustBalance['data']> = {}): AdjustBalance => ({
    type: 'AdjustBalance',
    data: {
      userId,
      adjustmentId: 'adjustment-1',
      bucket: 'available',
      amount: 100_000n,
      reason: 'Opening balance',
      adminId,
      accountOpen: true,
      adjustedAt: requestedAt,
      ...data,
    },
  }),
};

export const event = {
  securityHoldStarted: (data: Partial<SecurityHoldStarted['data']> = {}): SecurityHoldStarted => ({
    type: 'SecurityHoldStarted',
    data: {
      userId,
      cause: 'password-changed',
      changePosition: 5,
      startedAt: requestedAt.toISOString(),
      until: '2026-03-02T10:00:00.000Z',
      ...data,
    },
  }),
  accountLocked: (data: Partial<AccountLocked['data']> = {}): AccountLocked => ({
    type: 'AccountLocked',
    data: {
      userId,
      lockedBy: 'member',
      adminId: null,
      reason: 'Locked by the member from a security e-mail',
      lockedAt: requestedAt.toISOString(),
      ...data,
    },
  }),
  accountUnlocked: (data: Partial<AccountUnlocked['data']> = {}): AccountUnlocked => ({
    type: 'AccountUnlocked',
    data: {
      userId,
      adminId,
      reason: 'Owner verified by phone',
      unlockedAt: decidedAt.toISOString(),
      ...data,
    },
  }),
  withdrawalLimitsSet: (data: Partial<WithdrawalLimitsSet['data']> = {}): WithdrawalLimitsSet => ({
    type: 'WithdrawalLimitsSet',
    data: {
      userId,
      daily: '100000',
      thirtyDays: '300000',
      reason: 'Member asked for lower limits',
      adminId,
      setAt: requestedAt.toISOString(),
      ...data,
    },
  }),
  payoutAddressSaved: (data: Partial<PayoutAddressSaved['data']> = {}): PayoutAddressSaved => ({
    type: 'PayoutAddressSaved',
    data: {
      userId,
      wallet: 'bitcoin',
      addressKey: bitcoinAddressKey,
      savedAt: addressSavedAt.toISOString(),
      usableFrom: '2026-02-03T08:00:00.000Z',
      ...data,
    },
  }),
  depositRequested: (data: Partial<DepositRequested['data']> = {}): DepositRequested => ({
    type: 'DepositRequested',
    data: {
      userId,
      depositId: 'deposit-1',
      planId: 'plan-basic',
      planVersion: 2,
      planName: 'BASIC',
      percentage: '50',
      termDays: 30,
      amount: '150000',
      paymentMethodId: 'method-btc',
      proofKey: 'proofs/3f2a',
      transactionHash: null,
      requestedAt: requestedAt.toISOString(),
      ...data,
    },
  }),
  depositConfirmed: (data: Partial<DepositConfirmed['data']> = {}): DepositConfirmed => ({
    type: 'DepositConfirmed',
    data: {
      userId,
      depositId: 'deposit-1',
      investmentId: 'investment-1',
      amount: '150000',
      confirmedAt: decidedAt.toISOString(),
      maturesAt: '2026-04-01T09:30:00.000Z',
      adminId,
      ...data,
    },
  }),
  depositRejected: (data: Partial<DepositRejected['data']> = {}): DepositRejected => ({
    type: 'DepositRejected',
    data: {
      userId,
      depositId: 'deposit-1',
      amount: '150000',
      reason: 'No payment arrived',
      rejectedAt: decidedAt.toISOString(),
      adminId,
      ...data,
    },
  }),
  withdrawalRequested: (data: Partial<WithdrawalRequested['data']> = {}): WithdrawalRequested => ({
    type: 'WithdrawalRequested',
    data: {
      userId,
      withdrawalId: 'withdrawal-1',
      source: 'balance',
      amount: '40000',
      paymentMethodId: 'method-btc',
      requestedAt: requestedAt.toISOString(),
      addressSavedAt: addressSavedAt.toISOString(),
      ...data,
    },
  }),
  withdrawalPaid: (data: Partial<WithdrawalPaid['data']> = {}): WithdrawalPaid => ({
    type: 'WithdrawalPaid',
    data: {
      userId,
      withdrawalId: 'withdrawal-1',
      source: 'balance',
      amount: '40000',
      payoutReference: 'tx-77',
      paidAt: decidedAt.toISOString(),
      adminId,
      ...data,
    },
  }),
  withdrawalRejected: (data: Partial<WithdrawalRejected['data']> = {}): WithdrawalRejected => ({
    type: 'WithdrawalRejected',
    data: {
      userId,
      withdrawalId: 'withdrawal-1',
      source: 'balance',
      amount: '40000',
      reason: 'Wallet on the wrong network',
      rejectedAt: decidedAt.toISOString(),
      adminId,
      ...data,
    },
  }),
  balanceAdjusted: (data: Partial<BalanceAdjusted['data']> = {}): BalanceAdjusted => ({
    type: 'BalanceAdjusted',
    data: {
      userId,
      adjustmentId: 'adjustment-1',
      bucket: 'available',
      amount: '100000',
      reason: 'Opening balance',
      adjustedAt: requestedAt.toISOString(),
      adminId,
      ...data,
    },
  }),
};
