import type { IdentityEvent } from '../identity/identity.events.js';
import type { SecurityHoldCause } from './account.events.js';

/**
 * The identity changes that pause withdrawals: whoever holds a stolen password or session would make them first.
 * A new factor or a sign-in starts no hold; removing one, a password change or reset and a new e-mail do.
 */
export function securityHoldCause(event: IdentityEvent): SecurityHoldCause | null {
  switch (event.type) {
    case 'PasswordChanged':
      return event.data.method === 'reset' ? 'password-reset' : 'password-changed';
    case 'MemberDetailsChanged':
      return event.data.fields.includes('email') ? 'email-changed' : null;
    case 'SecondFactorRemoved':
      return 'second-factor-removed';
    default:
      return null;
  }
}
