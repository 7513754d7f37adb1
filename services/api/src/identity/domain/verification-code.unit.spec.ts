import { describe, expect, it } from '@jest/globals';
import { verificationCodeHash } from './secrets.js';
import {
  afterWrongCode,
  checkVerificationCode,
  MAX_WRONG_CODES,
  verificationCodeExpiry,
  type StoredVerificationCode,
} from './verification-code.js';

const userId = '0b6a1c9e-4c1e-4f6a-9a1b-7d2e3f4a5b6c';
const issuedAt = new Date('2026-03-02T10:00:00Z');

function issued(overrides: Partial<StoredVerificationCode> = {}): StoredVerificationCode {
  return {
    codeHash: verificationCodeHash(userId, '042917'),
    expiresAt: verificationCodeExpiry(issuedAt),
    wrongAttempts: 0,
    consumedAt: null,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('verificationCodeExpiry', () => {
  it('is ten minutes after issue', () => {
    expect(verificationCodeExpiry(issuedAt)).toEqual(at('2026-03-02T10:10:00Z'));
  });
});

describe('checkVerificationCode', () => {
  const right = verificationCodeHash(userId, '042917');
  const wrong = verificationCodeHash(userId, '042918');

  it('accepts the right code within ten minutes', () => {
    expect(checkVerificationCode(issued(), right, at('2026-03-02T10:09:59.999Z'))).toBe('accepted');
  });

  it('refuses the right code from the tenth minute on', () => {
    expect(checkVerificationCode(issued(), right, at('2026-03-02T10:10:00Z'))).toBe('expired');
  });

  it('calls a wrong code wrong', () => {
    expect(checkVerificationCode(issued(), wrong, at('2026-03-02T10:01:00Z'))).toBe('wrong');
  });

  it('refuses even the right code once the wrong tries are used up', () => {
    const locked = issued({ wrongAttempts: MAX_WRONG_CODES });

    expect(checkVerificationCode(locked, right, at('2026-03-02T10:01:00Z'))).toBe('locked');
  });

  it('still checks a code with one try left', () => {
    const lastTry = issued({ wrongAttempts: MAX_WRONG_CODES - 1 });

    expect(checkVerificationCode(lastTry, right, at('2026-03-02T10:01:00Z'))).toBe('accepted');
  });

  it('accepts a code once only', () => {
    const used = issued({ consumedAt: at('2026-03-02T10:02:00Z') });

    expect(checkVerificationCode(used, right, at('2026-03-02T10:03:00Z'))).toBe('missing');
  });

  it('has nothing to check when no code was issued', () => {
    expect(checkVerificationCode(undefined, right, at('2026-03-02T10:03:00Z'))).toBe('missing');
  });

  it('never takes the code of another user', () => {
    const othersHash = verificationCodeHash('9d4f2a1b-3c5e-4d7f-8a9b-0c1d2e3f4a5b', '042917');

    expect(checkVerificationCode(issued(), othersHash, at('2026-03-02T10:01:00Z'))).toBe('wrong');
  });
});

describe('afterWrongCode', () => {
  it('says wrong while tries remain and locked on the fifth', () => {
    expect([1, 2, 3, 4, 5].map(afterWrongCode)).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked']);
  });
});
