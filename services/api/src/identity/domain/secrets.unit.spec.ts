import { describe, expect, it } from '@jest/globals';
import { REFERRAL_CODE_ALPHABET } from '@ledgerstone/contracts';
import {
  newReferralCode,
  newToken,
  newVerificationCode,
  tokenHash,
  verificationCodeHash,
} from './secrets.js';

describe('newToken', () => {
  it('is 32 random bytes in base64url', () => {
    const token = newToken();

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
  });
});

describe('tokenHash', () => {
  it('is the sha256 of the token', () => {
    expect(tokenHash('abc').toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('newVerificationCode', () => {
  it('is always six digits', () => {
    const codes = Array.from({ length: 2_000 }, () => newVerificationCode());

    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1_900);
  });
});

describe('verificationCodeHash', () => {
  it('differs between users for the same code', () => {
    const first = verificationCodeHash('0b6a1c9e-4c1e-4f6a-9a1b-7d2e3f4a5b6c', '123456');
    const second = verificationCodeHash('9d4f2a1b-3c5e-4d7f-8a9b-0c1d2e3f4a5b', '123456');

    expect(first.equals(second)).toBe(false);
    expect(first.equals(verificationCodeHash('0b6a1c9e-4c1e-4f6a-9a1b-7d2e3f4a5b6c', '123456'))).toBe(true);
  });
});

describe('newReferralCode', () => {
  it('has 8 characters of the unambiguous alphabet', () => {
    for (let run = 0; run < 200; run++) {
      const code = newReferralCode();
      expect(code).toHaveLength(8);
      expect([...code].every((char) => REFERRAL_CODE_ALPHABET.includes(char))).toBe(true);
    }
  });

  it('draws every character from the source it is given', () => {
    expect(newReferralCode(() => 0)).toBe('22222222');
    expect(newReferralCode((size) => size - 1)).toBe('ZZZZZZZZ');
  });
});
