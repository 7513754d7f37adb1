import { describe, expect, it } from '@jest/globals';
import { specificationFor } from '../testing/decider-specification.js';
import type { IdentityEvent, UserRole } from './identity.events.js';
import {
  FRESH_FACTOR_MINUTES,
  NO_FACTOR,
  TOTP_SETUP_MINUTES,
  twoFactorDecider,
  type FactorCheck,
  type TwoFactorCommand,
} from './two-factor.decider.js';
import { TwoFactorError } from './two-factor.errors.js';
import { initialTwoFactorState, mayUseStaffArea } from './two-factor.js';

const given = specificationFor<TwoFactorCommand, IdentityEvent, ReturnType<typeof initialTwoFactorState>>(
  twoFactorDecider,
);

const userId = '6f1c2f0e-1d2b-4c53-9a3e-111111111111';
const at = new Date('2026-03-01T10:00:00Z');
const minutesBefore = (minutes: number) => new Date(at.getTime() - minutes * 60_000);

const registered = (role: UserRole): IdentityEvent => ({
  type: 'UserRegistered',
  data: { userId, role, referredBy: null },
});
const totpAdded: IdentityEvent = {
  type: 'SecondFactorAdded',
  data: { userId, method: 'totp', passkeyId: null },
};
const totpRemoved: IdentityEvent = {
  type: 'SecondFactorRemoved',
  data: { userId, method: 'totp', passkeyId: null },
};
const passkeyAdded = (passkeyId: string): IdentityEvent => ({
  type: 'SecondFactorAdded',
  data: { userId, method: 'passkey', passkeyId },
});
const passkeyRemoved = (passkeyId: string): IdentityEvent => ({
  type: 'SecondFactorRemoved',
  data: { userId, method: 'passkey', passkeyId },
});
const codesGenerated: IdentityEvent = { type: 'RecoveryCodesGenerated', data: { userId, count: 10 } };
const codesRevoked: IdentityEvent = { type: 'RecoveryCodesRevoked', data: { userId } };
const codeUsed = (remaining: number): IdentityEvent => ({
  type: 'RecoveryCodeUsed',
  data: { userId, remaining },
});

const rightCode: FactorCheck = { presented: true, method: 'totp', accepted: true };
const wrongCode: FactorCheck = { presented: true, method: 'totp', accepted: false };
const rightRecovery = (remaining: number): FactorCheck => ({
  presented: true,
  method: 'recovery',
  accepted: true,
  remaining,
});
const wrongRecovery: FactorCheck = { presented: true, method: 'recovery', accepted: false, remaining: 10 };
const passkeyAssertion = (issuedMinutesAgo: number, accepted = true): FactorCheck => ({
  presented: true,
  method: 'passkey',
  accepted,
  challengeIssuedAt: minutesBefore(issuedMinutesAgo),
});

const enableTotp = (data: Partial<Extract<TwoFactorCommand, { type: 'EnableTotp' }>['data']> = {}) =>
  ({
    type: 'EnableTotp',
    data: {
      userId,
      setupStartedAt: minutesBefore(2),
      codeAccepted: true,
      stepUp: NO_FACTOR,
      passwordCorrect: true,
      otherSessions: [],
      at,
      ...data,
    },
  }) satisfies TwoFactorCommand;
const disableTotp = (factor: FactorCheck, passwordCorrect = true) =>
  ({ type: 'DisableTotp', data: { userId, passwordCorrect, factor, at } }) satisfies TwoFactorCommand;
const regenerate = (factor: FactorCheck, passwordCorrect = true) =>
  ({
    type: 'RegenerateRecoveryCodes',
    data: { userId, passwordCorrect, factor, at },
  }) satisfies TwoFactorCommand;
const addPasskey = (
  passkeyId: string,
  stepUp: FactorCheck = NO_FACTOR,
  otherSessions: string[] = [],
  passwordCorrect: boolean | null = true,
) =>
  ({
    type: 'AddPasskey',
    data: { userId, passkeyId, stepUp, passwordCorrect, otherSessions, at },
  }) satisfies TwoFactorCommand;
const passwordOnlySessionEnded = (sessionId: string): IdentityEvent => ({
  type: 'SessionEnded',
  data: { userId, sessionId, reason: 'second-factor-added' },
});
const renamePasskey = (passkeyId: string) =>
  ({ type: 'RenamePasskey', data: { userId, passkeyId, at } }) satisfies TwoFactorCommand;
const removePasskey = (passkeyId: string, factor: FactorCheck, passwordCorrect = true) =>
  ({
    type: 'RemovePasskey',
    data: { userId, passkeyId, passwordCorrect, factor, at },
  }) satisfies TwoFactorCommand;
const confirm = (purpose: 'sign-in' | 'step-up', factor: FactorCheck) =>
  ({ type: 'ConfirmSecondFactor', data: { userId, purpose, factor, at } }) satisfies TwoFactorCommand;

const adminId = '6f1c2f0e-1d2b-4c53-9a3e-222222222222';
const resetReason = 'Lost phone, identity checked by video call';
const reset = (by = adminId) =>
  ({
    type: 'ResetSecondFactors',
    data: { userId, adminId: by, reason: resetReason, at },
  }) satisfies TwoFactorCommand;
const resetByAdmin: IdentityEvent = {
  type: 'SecondFactorsResetByAdmin',
  data: { userId, adminId, reason: resetReason },
};

function refusal(error: Error): { code: string; reason: string; field?: string } {
  const { code, reason, field } = error as TwoFactorError;
  return field === undefined ? { code, reason } : { code, reason, field };
}

describe('Two-factor decider', () => {
  describe('Given a member without a second factor', () => {
    const member = [registered('member')];

    it('turns the authenticator app on with a first right code and a fresh set of recovery codes', () => {
      given(member).when(enableTotp()).then([totpAdded, codesGenerated]);
    });

    it('refuses a wrong first code', () => {
      const error = given(member)
        .when(enableTotp({ codeAccepted: false }))
        .thenThrows(TwoFactorError);
      expect(refusal(error)).toEqual({
        code: 'UNPROCESSABLE',
        reason: 'wrongCode',
        field: 'code',
      });
    });

    it(`refuses a setup started more than ${TOTP_SETUP_MINUTES} minutes ago, and takes one started exactly then`, () => {
      given(member)
        .when(enableTotp({ setupStartedAt: minutesBefore(TOTP_SETUP_MINUTES + 1) }))
        .thenThrows(TwoFactorError, 'totpSetupExpired');
      given(member)
        .when(enableTotp({ setupStartedAt: minutesBefore(TOTP_SETUP_MINUTES) }))
        .then([totpAdded, codesGenerated]);
    });

    it('adds a first passkey with a set of recovery codes', () => {
      given(member)
        .when(addPasskey('key-1'))
        .then([passkeyAdded('key-1'), codesGenerated]);
    });

    it('Given other sessions opened with the password alone, When the first factor is set up, Then they end', () => {
      given(member)
        .when(enableTotp({ otherSessions: ['session-a', 'session-b'] }))
        .then([
          totpAdded,
          codesGenerated,
          passwordOnlySessionEnded('session-a'),
          passwordOnlySessionEnded('session-b'),
        ]);
      given(member)
        .when(addPasskey('key-1', NO_FACTOR, ['session-a']))
        .then([passkeyAdded('key-1'), codesGenerated, passwordOnlySessionEnded('session-a')]);
    });

    it('asks for nothing at a step-up', () => {
      given(member).when(confirm('step-up', NO_FACTOR)).thenNothing();
    });

    it('When a step-up presents a code all the same (a tab from before the factor went), Then it takes no notice of it', () => {
      given(member).when(confirm('step-up', wrongCode)).thenNothing();
      given(member).when(confirm('step-up', rightCode)).thenNothing();
    });

    it('When the first factor comes without the right password (a stolen session alone), Then it is refused on the password', () => {
      const error = given(member)
        .when(enableTotp({ passwordCorrect: false }))
        .thenThrows(TwoFactorError);
      expect(refusal(error)).toEqual({ code: 'VALIDATION', reason: 'passwordWrong', field: 'password' });
      given(member)
        .when(addPasskey('key-1', NO_FACTOR, [], false))
        .thenThrows(TwoFactorError, 'passwordWrong');
    });

    it('When the first factor comes with no password at all, Then it is refused as missing, not as wrong', () => {
      const error = given(member)
        .when(enableTotp({ passwordCorrect: null }))
        .thenThrows(TwoFactorError);
      expect(refusal(error)).toEqual({ code: 'VALIDATION', reason: 'passwordRequired', field: 'password' });
      given(member)
        .when(addPasskey('key-1', NO_FACTOR, [], null))
        .thenThrows(TwoFactorError, 'passwordRequired');
    });

    it('has no recovery codes to regenerate', () => {
      given(member).when(regenerate(rightCode)).thenThrows(TwoFactorError, 'setUpFirst');
    });

    it('has no app to turn off and no passkey to rename or remove', () => {
      given(member).when(disableTotp(rightCode)).thenThrows(TwoFactorError, 'totpNotEnabled');
      given(member).when(renamePasskey('key-1')).thenThrows(TwoFactorError, 'passkeyNotFound');
      given(member).when(removePasskey('key-1', rightCode)).thenThrows(TwoFactorError, 'passkeyNotFound');
    });
  });

  describe('Given a member with the authenticator app on', () => {
    const member = [registered('member'), totpAdded, codesGenerated];

    it('refuses a second app setup', () => {
      given(member).when(enableTotp()).thenThrows(TwoFactorError, 'totpAlreadyEnabled');
    });

    it('asks for a fresh factor at a step-up: none is refused as missing (403), a wrong code as wrong (422)', () => {
      const missing = given(member).when(confirm('step-up', NO_FACTOR)).thenThrows(TwoFactorError);
      expect(refusal(missing)).toEqual({
        code: 'FORBIDDEN',
        reason: 'stepUpRequired',
        field: 'secondFactor',
      });
      const wrong = given(member).when(confirm('step-up', wrongCode)).thenThrows(TwoFactorError);
      expect(refusal(wrong)).toEqual({
        code: 'UNPROCESSABLE',
        reason: 'wrongCode',
        field: 'secondFactor',
      });
    });

    it('passes a step-up and a sign-in with a right code, recording nothing', () => {
      given(member).when(confirm('step-up', rightCode)).thenNothing();
      given(member).when(confirm('sign-in', rightCode)).thenNothing();
    });

    it('uses up a recovery code at sign-in, and names the recovery field when it is wrong', () => {
      given(member)
        .when(confirm('sign-in', rightRecovery(9)))
        .then([codeUsed(9)]);
      const wrong = given(member).when(confirm('sign-in', wrongRecovery)).thenThrows(TwoFactorError);
      expect(refusal(wrong)).toEqual({
        code: 'UNPROCESSABLE',
        reason: 'wrongRecoveryCode',
        field: 'recoveryCode',
      });
    });

    it('turns the app off with the password and a code, revoking the recovery codes with the last factor', () => {
      given(member).when(disableTotp(rightCode)).then([totpRemoved, codesRevoked]);
    });

    it('turns the app off with a recovery code, which is used up first', () => {
      given(member)
        .when(disableTotp(rightRecovery(9)))
        .then([codeUsed(9), totpRemoved, codesRevoked]);
    });

    it('refuses to turn the app off with a wrong password or without a right factor', () => {
      given(member).when(disableTotp(rightCode, false)).thenThrows(TwoFactorError, 'passwordWrong');
      given(member).when(disableTotp(wrongCode)).thenThrows(TwoFactorError, 'wrongCode');
      given(member).when(disableTotp(NO_FACTOR)).thenThrows(TwoFactorError, 'stepUpRequired');
    });

    it('regenerates the recovery codes with the password and a code', () => {
      given(member).when(regenerate(rightCode)).then([codesGenerated]);
      given(member).when(regenerate(rightCode, false)).thenThrows(TwoFactorError, 'passwordWrong');
    });

    it('adds a passkey only with a fresh factor of those it has, and without new recovery codes', () => {
      given(member)
        .when(addPasskey('key-1', rightCode))
        .then([passkeyAdded('key-1')]);
      given(member).when(addPasskey('key-1')).thenThrows(TwoFactorError, 'stepUpRequired');
      given(member).when(addPasskey('key-1', wrongCode)).thenThrows(TwoFactorError, 'wrongCode');
    });

    it('Given other sessions, which needed the factor to open, When another factor is added, Then they stay', () => {
      given(member)
        .when(addPasskey('key-1', rightCode, ['session-a']))
        .then([passkeyAdded('key-1')]);
    });
  });

  describe('Given a member with a passkey', () => {
    const member = [registered('member'), passkeyAdded('key-1'), codesGenerated];

    it(`takes a passkey assertion whose challenge is at most ${FRESH_FACTOR_MINUTES} minutes old`, () => {
      given(member)
        .when(confirm('step-up', passkeyAssertion(FRESH_FACTOR_MINUTES)))
        .thenNothing();
      const stale = given(member)
        .when(confirm('step-up', passkeyAssertion(FRESH_FACTOR_MINUTES + 1)))
        .thenThrows(TwoFactorError);
      expect(refusal(stale)).toEqual({
        code: 'UNPROCESSABLE',
        reason: 'passkeyFailed',
        field: 'secondFactor',
      });
    });

    it('refuses an assertion whose signature did not verify', () => {
      given(member)
        .when(confirm('sign-in', passkeyAssertion(1, false)))
        .thenThrows(TwoFactorError, 'passkeyFailed');
    });

    it('adds the app only with the passkey, and the app brings a fresh set of recovery codes', () => {
      given(member)
        .when(enableTotp({ stepUp: passkeyAssertion(1) }))
        .then([totpAdded, codesGenerated]);
      given(member).when(enableTotp()).thenThrows(TwoFactorError, 'stepUpRequired');
    });

    it('turns the authenticator app off with the password and a fresh passkey assertion', () => {
      given([...member, totpAdded])
        .when(disableTotp(passkeyAssertion(1)))
        .then([totpRemoved]);
      given([...member, totpAdded])
        .when(disableTotp(passkeyAssertion(FRESH_FACTOR_MINUTES + 1)))
        .thenThrows(TwoFactorError, 'passkeyFailed');
      given([...member, totpAdded])
        .when(disableTotp(passkeyAssertion(1), false))
        .thenThrows(TwoFactorError, 'passwordWrong');
    });

    it('refuses the same passkey twice', () => {
      given(member)
        .when(addPasskey('key-1', passkeyAssertion(1)))
        .thenThrows(TwoFactorError, 'passkeyAlreadyAdded');
    });

    it('renames it', () => {
      given(member)
        .when(renamePasskey('key-1'))
        .then([{ type: 'PasskeyRenamed', data: { userId, passkeyId: 'key-1' } }]);
    });

    it('removes the last passkey of a member, with the recovery codes', () => {
      given(member)
        .when(removePasskey('key-1', passkeyAssertion(1)))
        .then([passkeyRemoved('key-1'), codesRevoked]);
    });

    it('keeps the recovery codes while another passkey remains', () => {
      given([...member, passkeyAdded('key-2')])
        .when(removePasskey('key-1', passkeyAssertion(1)))
        .then([passkeyRemoved('key-1')]);
    });

    it('revokes nothing when no recovery code is left', () => {
      given([...member, codeUsed(0)])
        .when(removePasskey('key-1', passkeyAssertion(1)))
        .then([passkeyRemoved('key-1')]);
    });
  });

  describe('Given staff', () => {
    it('without a factor: limited to the security screen until one is set up', () => {
      const fold = (events: IdentityEvent[]) =>
        events.reduce(twoFactorDecider.evolve, initialTwoFactorState());
      expect(mayUseStaffArea(fold([registered('admin')]))).toBe(false);
      expect(mayUseStaffArea(fold([registered('auditor')]))).toBe(false);
      expect(mayUseStaffArea(fold([registered('admin'), totpAdded]))).toBe(true);
      expect(mayUseStaffArea(fold([registered('auditor'), passkeyAdded('key-1')]))).toBe(true);
      expect(mayUseStaffArea(fold([registered('admin'), totpAdded, totpRemoved]))).toBe(false);
      expect(mayUseStaffArea(fold([registered('member')]))).toBe(true);
    });

    it('refuses to remove the last factor, and allows it while another remains', () => {
      const admin = [registered('admin'), totpAdded, codesGenerated];
      const error = given(admin).when(disableTotp(rightCode)).thenThrows(TwoFactorError);
      expect(refusal(error)).toEqual({ code: 'CONFLICT', reason: 'staffKeepsAFactor' });
      given([...admin, passkeyAdded('key-1')])
        .when(disableTotp(rightCode))
        .then([totpRemoved]);
      given([registered('auditor'), passkeyAdded('key-1')])
        .when(removePasskey('key-1', passkeyAssertion(1)))
        .thenThrows(TwoFactorError, 'staffKeepsAFactor');
    });

    it('sets up a first factor without any other', () => {
      given([registered('admin')])
        .when(enableTotp())
        .then([totpAdded, codesGenerated]);
      given([registered('auditor')])
        .when(addPasskey('key-1'))
        .then([passkeyAdded('key-1'), codesGenerated]);
    });
  });

  describe('Given an account whose owner lost every factor', () => {
    it('an admin resets the app, every passkey and the recovery codes, with the reason', () => {
      given([registered('member'), totpAdded, codesGenerated, passkeyAdded('key-1'), passkeyAdded('key-2')])
        .when(reset())
        .then([resetByAdmin]);
    });

    it('leaves nothing behind: no step-up is asked afterwards and staff are back on the setup screen', () => {
      const fold = (events: IdentityEvent[]) =>
        events.reduce(twoFactorDecider.evolve, initialTwoFactorState());
      expect(
        fold([registered('admin'), totpAdded, passkeyAdded('key-1'), codesGenerated, resetByAdmin]),
      ).toEqual({
        role: 'admin',
        totp: false,
        passkeys: [],
        recoveryCodesLeft: 0,
      });
      given([registered('member'), passkeyAdded('key-1'), codesGenerated, resetByAdmin])
        .when(confirm('step-up', NO_FACTOR))
        .thenNothing();
    });

    it('resets recovery codes left over without a factor, and refuses when there is nothing to reset', () => {
      given([registered('member'), codesGenerated])
        .when(reset())
        .then([resetByAdmin]);
      const nothing = given([registered('member')])
        .when(reset())
        .thenThrows(TwoFactorError);
      expect(refusal(nothing)).toEqual({ code: 'CONFLICT', reason: 'nothingToReset' });
      given([registered('member'), totpAdded, codesGenerated, resetByAdmin])
        .when(reset())
        .thenThrows(TwoFactorError, 'nothingToReset');
    });

    it("refuses an admin's reset of their own factors", () => {
      const own = given([registered('admin'), totpAdded, codesGenerated])
        .when(reset(userId))
        .thenThrows(TwoFactorError);
      expect(refusal(own)).toEqual({ code: 'FORBIDDEN', reason: 'ownFactorsReset' });
    });
  });

  describe('Given a member whose factors came and went', () => {
    it('asks nothing at a step-up once the last factor is gone', () => {
      given([
        registered('member'),
        passkeyAdded('key-1'),
        codesGenerated,
        passkeyRemoved('key-1'),
        codesRevoked,
      ])
        .when(confirm('step-up', NO_FACTOR))
        .thenNothing();
    });
  });
});
