import type { IdentityEvent, IdentityEventType } from '../identity/identity.events.js';
import type { SecurityHoldCause } from './account.events.js';

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
