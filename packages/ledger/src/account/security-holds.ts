import type { IdentityEvent, IdentityEventType } from '../identity/identity.events.js';
import type { StartSecurityHold } from './account.decider.js';
import type { SecurityHoldCause } from './account.events.js';
import type { AccountState } from './account.js';

/** Every identity event type that can start a hold, for reading the log: `securityHoldCause` says which do. */
export const securityHoldEventTypes: readonly IdentityEventType[] = [
  'PasswordChanged',
  'MemberDetailsChanged',
  'SecondFactorRemoved',
  'SecondFactorsResetByAdmin',
];

/**
 * The identity changes that pause withdrawals: whoever holds a stolen password or session would make them first.
 * A new factor or a sign-in starts no hold; removing one (or an admin's reset of them all), a password change or
 * reset and a new e-mail do.
 */
export function securityHoldCause(event: IdentityEvent): SecurityHoldCause | null {
  switch (event.type) {
    case 'PasswordChanged':
      return event.data.method === 'reset' ? 'password-reset' : 'password-changed';
    case 'MemberDetailsChanged':
      return event.data.fields.includes('email') ? 'email-changed' : null;
    case 'SecondFactorRemoved':
      return 'second-factor-removed';
    case 'SecondFactorsResetByAdmin':
      return 'second-factors-reset-by-admin';
    default:
      return null;
  }
}

/** An identity event of `securityHoldEventTypes` as the log recorded it. */
export interface RecordedSecurityChange {
  type: string;
  data: unknown;
  streamPosition: number;
}

/**
 * A hold command for each recorded change that starts one, starting at `startedAt`: the decider starts none for
 * a change held for already.
 */
export function securityHoldCommands(
  userId: string,
  changes: readonly RecordedSecurityChange[],
  holdHours: number,
  startedAt: Date,
): StartSecurityHold[] {
  return changes.flatMap((change): StartSecurityHold[] => {
    const cause = securityHoldCause({ type: change.type, data: change.data } as IdentityEvent);
    if (cause === null) return [];
    const changePosition = change.streamPosition;
    return [{ type: 'StartSecurityHold', data: { userId, cause, changePosition, holdHours, startedAt } }];
  });
}

/** The holds of `holds` the account has not started yet: the changes after the last one it held for. */
export function holdsNotStarted(
  holds: readonly StartSecurityHold[],
  state: AccountState,
): StartSecurityHold[] {
  return holds.filter((hold) => hold.data.changePosition > state.heldThroughChange);
}
