import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';

/**
 * A command's log position ("<transactionId>:<globalPosition>") as it leaves the api: encrypted, so that the
 * positions a member is answered with do not count what everyone else did in between (the platform's volume),
 * and authenticated, so that `?after=` takes back only a position the api gave out (a made-up one would time
 * the projections instead). The same position always seals to the same token, and every token is as long as
 * any other: each part is padded to 20 digits first.
 */
const DIGITS = 20;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PLAIN = /^(\d{1,20}):(\d{1,20})$/;
const TOKEN = /^[A-Za-z0-9_-]{92}$/;

function keysOf(secret: string): { cipher: Buffer; iv: Buffer } {
  const keys = Buffer.from(hkdfSync('sha256', secret, 'ledgerstone', 'log-position', 64));
  return { cipher: keys.subarray(0, 32), iv: keys.subarray(32) };
}

export interface PositionSeal {
  /** The token of a plain position; throws for anything that is not one. */
  seal(position: string): string;
  /** The plain position of a token this secret sealed; null for anything else. */
  open(token: string): string | null;
}

export function positionSeal(secret: string): PositionSeal {
  const keys = keysOf(secret);
  return {
    seal(position) {
      const match = PLAIN.exec(position);
      if (!match) throw new Error(`not a log position: ${position}`);
      const plain = `${match[1]!.padStart(DIGITS, '0')}:${match[2]!.padStart(DIGITS, '0')}`;
      const iv = createHmac('sha256', keys.iv).update(plain).digest().subarray(0, IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.cipher, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'latin1'), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
    },
    open(token) {
      if (!TOKEN.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      const iv = bytes.subarray(0, IV_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', keys.cipher, iv);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      let plain: string;
      try {
        plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('latin1');
      } catch {
        return null;
      }
      const match = PLAIN.exec(plain);
      return match ? `${BigInt(match[1]!)}:${BigInt(match[2]!)}` : null;
    },
  };
}
