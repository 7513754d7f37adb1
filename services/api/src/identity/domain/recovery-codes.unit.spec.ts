import { describe, expect, it } from '@jest/globals';
import { recoveryCode } from '@ledgerstone/contracts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';

describe('recovery codes', () => {
  it('come as ten distinct codes written "xxxxx-xxxxx" that the request schema reads back', () => {
    const codes = newRecoveryCodes(10);

    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
      expect(recoveryCode.parse(code.toUpperCase())).toBe(code.replace('-', ''));
    }
  });

  it('are stored as a hash bound to the user, the same however the code was typed', () => {
    expect(recoveryCodeHash('user-1', 'abcde23456')).toEqual(recoveryCodeHash('user-1', 'abcde-23456'));
    expect(recoveryCodeHash('user-1', 'abcde23456')).not.toEqual(recoveryCodeHash('user-2', 'abcde23456'));
    expect(recoveryCodeHash('user-1', 'abcde23456')).toHaveLength(32);
  });
});
