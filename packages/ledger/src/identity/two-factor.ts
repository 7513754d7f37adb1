import type { IdentityEvent, UserRole } from './identity.events.js';

/** What the two-factor rules need to know of an account: its role and which factors are on. */
export interface TwoFactorState {
  role: UserRole | null;
  totp: boolean;
  passkeys: readonly string[];
  recoveryCodesLeft: number;
}

export const initialTwoFactorState = (): TwoFactorState => ({
  role: null,
  totp: false,
  passkeys: [],
  recoveryCodesLeft: 0,
});

export function hasSecondFactor(state: TwoFactorState): boolean {
  return state.totp || state.passkeys.length > 0;
}

export function isStaffRole(role: UserRole | null): boolean {
  return role === 'admin' || role === 'auditor';
}

/** Staff must use a second factor; until one is set up they reach only the security screen. */
export function mayUseStaffArea(state: TwoFactorState): boolean {
  return !isStaffRole(state.role) || hasSecondFactor(state);
}

export function evolveTwoFactor(state: TwoFactorState, event: IdentityEvent): TwoFactorState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, role: event.data.role };
    case 'SecondFactorAdded':
      return event.data.method === 'totp'
        ? { ...state, totp: true }
        : { ...state, passkeys: [...state.passkeys, event.data.passkeyId ?? ''] };
    case 'SecondFactorRemoved':
      return event.data.method === 'totp'
        ? { ...state, totp: false }
        : { ...state, passkeys: state.passkeys.filter((id) => id !== event.data.passkeyId) };
    case 'RecoveryCodesGenerated':
      return { ...state, recoveryCodesLeft: event.data.count };
    case 'RecoveryCodeUsed':
      return { ...state, recoveryCodesLeft: event.data.remaining };
    case 'RecoveryCodesRevoked':
      return { ...state, recoveryCodesLeft: 0 };
    case 'SecondFactorsResetByAdmin':
      return { ...state, totp: false, passkeys: [], recoveryCodesLeft: 0 };
    default:
      return state;
  }
}
