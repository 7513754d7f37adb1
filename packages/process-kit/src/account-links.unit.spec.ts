import { describe, expect, it } from '@jest/globals';
import { lockLinkUrl, readLockLink, signLockLink } from './account-links.js';

const key = 'k'.repeat(32);
const link = { userId: 'user-1', linkId: 'event-9', expiresAt: new Date('2026-11-27T10:00:00.000Z') };

describe('Lock links', () => {
  it('reads back what was signed, and signs the same link the same way twice', () => {
    const token = signLockLink(key, link);
    expect(readLockLink(key, token)).toEqual(link);
    expect(signLockLink(key, link)).toBe(token);
  });

  it('refuses a token signed with another key, a changed payload or a malformed token', () => {
    const token = signLockLink(key, link);
    expect(readLockLink('o'.repeat(32), token)).toBeNull();
    const [, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: 'user-2', l: 'event-9', x: 1_900_000_000 })).toString(
      'base64url',
    );
    expect(readLockLink(key, `${forged}.${mac}`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`, '\u0000.\u0000', 'x'.repeat(100_000)]) {
      expect(readLockLink(key, bad)).toBeNull();
    }
  });

  it('puts the token in the lock page address', () => {
    expect(lockLinkUrl('https://ledgerstone.example/', 'a.b')).toBe(
      'https://ledgerstone.example/lock-account?token=a.b',
    );
  });
});
