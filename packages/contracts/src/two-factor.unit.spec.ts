import { describe, expect, it } from '@jest/globals';
import {
  codeOrRecoveryCode,
  formatRecoveryCode,
  removePasskeyRequest,
  secondStepRequest,
  stepUpFactor,
  twoFactorMessages,
} from './two-factor.js';
import { payoutWalletsRequest } from './wallets.js';
import { withdrawalRequest } from './accounts.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('two-step verification requests', () => {
  it("read an app's code with spaces, and a recovery code in any case with or without its dash", () => {
    expect(codeOrRecoveryCode.parse(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(codeOrRecoveryCode.parse('ABCDE-23456')).toEqual({ kind: 'recovery', code: 'abcde23456' });
    expect(codeOrRecoveryCode.parse('abcde 23456')).toEqual({ kind: 'recovery', code: 'abcde23456' });
    expect(firstMessage(codeOrRecoveryCode.safeParse('12345'))).toBe(twoFactorMessages.codeOrRecoveryFormat);
    expect(firstMessage(codeOrRecoveryCode.safeParse('abcde-2345l'))).toBe(
      twoFactorMessages.codeOrRecoveryFormat,
    );
    expect(firstMessage(codeOrRecoveryCode.safeParse(''))).toBe(twoFactorMessages.codeRequired);
  });

  it("take one code at the second step of a login: the app's or a recovery code", () => {
    expect(secondStepRequest.parse({ code: '000 042' })).toEqual({ kind: 'totp', code: '000042' });
    expect(secondStepRequest.parse({ recoveryCode: 'abcde-23456' })).toEqual({
      kind: 'recovery',
      code: 'abcde23456',
    });
    expect(firstMessage(secondStepRequest.safeParse({}))).toBe(twoFactorMessages.codeRequired);
    expect(firstMessage(secondStepRequest.safeParse({ code: '123456', recoveryCode: 'abcde-23456' }))).toBe(
      twoFactorMessages.oneFactorOnly,
    );
    expect(firstMessage(secondStepRequest.safeParse({ code: '12345a' }))).toBe(twoFactorMessages.codeFormat);
  });

  it('take a step-up factor on a withdrawal and a payout wallet change, optional in the schema', () => {
    const withdrawal = { amount: '100.00', payment_method: 'BITCOIN', wallet_address: 'bc1q' };
    expect(withdrawalRequest.parse(withdrawal).secondFactor).toBeUndefined();
    expect(withdrawalRequest.parse({ ...withdrawal, secondFactor: { code: '123456' } }).secondFactor).toEqual(
      {
        kind: 'totp',
        code: '123456',
      },
    );
    expect(firstMessage(stepUpFactor.safeParse({}))).toBe(twoFactorMessages.stepUpFactorRequired);
    expect(payoutWalletsRequest.shape.secondFactor).toBeDefined();
  });

  it('ask for the password and a code or a passkey to remove a passkey', () => {
    expect(removePasskeyRequest.parse({ password: 'pw', code: '123456' })).toEqual({
      password: 'pw',
      factor: { kind: 'totp', code: '123456' },
    });
    expect(firstMessage(removePasskeyRequest.safeParse({ password: 'pw' }))).toBe(
      twoFactorMessages.stepUpFactorRequired,
    );
  });

  it('show recovery codes in two groups of five', () => {
    expect(formatRecoveryCode('abcde23456')).toBe('abcde-23456');
  });
});
