import { describe, expect, it } from '@jest/globals';
import {
  acceptTotpCode,
  isUnusedTotpStep,
  matchingTotpStep,
  newTotpSecret,
  totpCodeAt,
  totpStepAt,
  totpUri,
} from './totp.js';

// RFC 6238's SHA-1 test secret ("12345678901234567890"), in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const secret = newTotpSecret();
/** A fixed clock: 10:00:00 UTC, the start of a 30-second step. */
const now = new Date('2026-03-01T10:00:00Z');
const seconds = (offset: number) => new Date(now.getTime() + offset * 1000);
const step = totpStepAt(now);

describe('TOTP codes', () => {
  it('are RFC 6238 codes: the test vector of 59 s gives 287082 (6 digits, SHA-1)', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
  });

  it('come from a 160-bit secret in base32, carried by an otpauth URI for the QR code', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpUri(secret, 'ada@example.test')).toBe(
      `otpauth://totp/Ledgerstone:ada%40example.test?issuer=Ledgerstone&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});

describe('Accepting a code, with a fixed clock', () => {
  describe('Given no code was used before', () => {
    it('When the current code is entered, Then it is accepted at the current step', () => {
      expect(acceptTotpCode(secret, totpCodeAt(secret, now), now, null)).toBe(step);
    });

    it('When the code of the step before or after is entered, Then it is accepted at that step (±1 window)', () => {
      expect(acceptTotpCode(secret, totpCodeAt(secret, seconds(-30)), now, null)).toBe(step - 1);
      expect(acceptTotpCode(secret, totpCodeAt(secret, seconds(30)), now, null)).toBe(step + 1);
      expect(acceptTotpCode(secret, totpCodeAt(secret, seconds(29)), seconds(59), null)).toBe(step);
    });

    it('When a code two steps away is entered, Then it is refused', () => {
      expect(acceptTotpCode(secret, totpCodeAt(secret, seconds(-60)), now, null)).toBeNull();
      expect(acceptTotpCode(secret, totpCodeAt(secret, seconds(60)), now, null)).toBeNull();
    });

    it("When another secret's code or no six-digit code is entered, Then it is refused", () => {
      const other = newTotpSecret();
      const code = totpCodeAt(other, now);
      // One in a million, the two secrets give the same code; then the test proves nothing, so skip that case.
      if (code !== totpCodeAt(secret, now)) expect(acceptTotpCode(secret, code, now, null)).toBeNull();
      expect(matchingTotpStep(secret, '12345', now)).toBeNull();
      expect(matchingTotpStep(secret, 'abcdef', now)).toBeNull();
      expect(matchingTotpStep(secret, `${totpCodeAt(secret, now)}0`, now)).toBeNull();
    });
  });

  describe('Given the current step was used', () => {
    it('When the same code is entered again, Then it is refused as a replay', () => {
      const code = totpCodeAt(secret, now);
      const accepted = acceptTotpCode(secret, code, now, null);
      expect(acceptTotpCode(secret, code, seconds(10), accepted)).toBeNull();
    });

    it("When the previous step's code is entered, Then it is refused: steps only move forward", () => {
      expect(acceptTotpCode(secret, totpCodeAt(secret, seconds(-30)), now, step)).toBeNull();
    });

    it("When the next step's code is entered, Then it is accepted", () => {
      expect(acceptTotpCode(secret, totpCodeAt(secret, seconds(30)), seconds(30), step)).toBe(step + 1);
    });
  });

  it('counts a step as unused only when it comes after the last used one', () => {
    expect(isUnusedTotpStep(10, null)).toBe(true);
    expect(isUnusedTotpStep(10, 9)).toBe(true);
    expect(isUnusedTotpStep(10, 10)).toBe(false);
    expect(isUnusedTotpStep(9, 10)).toBe(false);
  });
});
