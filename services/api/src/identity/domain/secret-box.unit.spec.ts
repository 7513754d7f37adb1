import { describe, expect, it } from '@jest/globals';
import { seal, sealingKey, unseal } from './secret-box.js';

const key = sealingKey('a-two-factor-key-of-at-least-32-characters');

describe('sealed secrets (AES-256-GCM)', () => {
  it('open with the same key and context, and never show the plaintext', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'totp:user-1');

    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(key, sealed, 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('differ each time the same secret is sealed', () => {
    expect(seal(key, 'same', 'c')).not.toBe(seal(key, 'same', 'c'));
  });

  it('refuse another key, another context, or a changed byte', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'totp:user-1');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;

    expect(() =>
      unseal(sealingKey('another-two-factor-key-of-32-characters'), sealed, 'totp:user-1'),
    ).toThrow();
    expect(() => unseal(key, sealed, 'totp:user-2')).toThrow();
    expect(() =>
      unseal(key, [version, iv, tag, flipped.toString('base64url')].join('.'), 'totp:user-1'),
    ).toThrow();
    expect(() => unseal(key, 'not sealed', 'totp:user-1')).toThrow('Unreadable sealed secret');
  });
});
