import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** What an authenticator app's sealed secret is bound to: its user. */
export const totpSealContext = (userId: string) => `totp:${userId}`;

/** The 32-byte AES key of a configured secret (TWO_FACTOR_KEY). */
export function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'ledgerstone', 'two-factor-secrets v1', 32));
}

/**
 * AES-256-GCM, as "v1.<iv>.<tag>.<ciphertext>" in base64url. `context` (e.g. `totp:<userId>`) is bound in as
 * associated data, so a sealed value copied to another row does not open.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens what `seal` sealed with the same key and context; throws on any other key, context or tampering. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  decipher.setAAD(Buffer.from(context)).setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
