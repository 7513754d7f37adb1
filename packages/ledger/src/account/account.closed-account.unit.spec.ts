import { describe, expect, it } from '@jest/globals';
import { adminId, command, event, requestedAt, userId } from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import {
  ACCOUNT_CLOSED,
  accountDecider,
  closedAccountRefuses,
  decide,
  type AccountCommand,
} from './account.decider.js';
import { IllegalStateError } from './account.errors.js';
import type { AccountEvent } from './account.events.js';
import { evolve, initialState } from './account.js';

const given = specificationFor(accountDecider);

const funded = [event.payoutAddressSaved(), event.balanceAdjusted({ amount: '100000' })];

/** Each command a closed account refuses, with a history in which an open account takes it. */
const refused: [AccountCommand['type'], AccountEvent[], (accountOpen: boolean) => AccountCommand][] = [
  ['RequestDeposit', [], (accountOpen) => command.requestDeposit({ accountOpen })],
  ['ConfirmDeposit', [event.depositRequested()], (accountOpen) => command.confirmDeposit({ accountOpen })],
  ['RequestWithdrawal', funded, (accountOpen) => command.requestWithdrawal({ accountOpen })],
  ['AdjustBalance', [], (accountOpen) => command.adjustBalance({ accountOpen })],
  [
    'AdjustBalances',
    [],
    (accountOpen) => ({
      type: 'AdjustBalances',
      data: {
        userId,
        formVersion: 0,
        accountVersion: 0,
        figures: { available: { shown: 0n, target: 10_000n, adjustmentId: 'adjustment-available' } },
        reason: 'Correction',
        adminId,
        accountOpen,
        adjustedAt: requestedAt,
      },
    }),
  ],
  ['SavePayoutAddresses', [], (accountOpen) => command.savePayoutAddresses({ accountOpen })],
  ['UnlockAccount', [event.accountLocked()], (accountOpen) => command.unlockAccount({ accountOpen })],
  ['SetWithdrawalLimits', [], (accountOpen) => command.setWithdrawalLimits({ accountOpen })],
];

const stateAfter = (history: AccountEvent[]) => history.reduce(evolve, initialState());

describe('A closed account', () => {
  it.each(refused)('refuses %s, which an open account takes', (_type, history, commandWith) => {
    expect(decide(commandWith(true), stateAfter(history)).length).toBeGreaterThan(0);
    given(history).when(commandWith(false)).thenThrows(IllegalStateError, ACCOUNT_CLOSED);
  });

  it('is refused exactly these commands, the list the approvals read (closedAccountRefuses)', () => {
    expect(new Set(refused.map(([type]) => type))).toEqual(closedAccountRefuses);
  });
});
