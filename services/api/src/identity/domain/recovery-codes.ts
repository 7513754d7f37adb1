import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH, formatRecoveryCode } from '@ledgerstone/contracts';

/** Ten characters of a 31-letter alphabet: about 50 bits each, beyond guessing at the rate limits' pace. */
export function newRecoveryCode(pick: (size: number) => number = randomInt): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index++) {
    code += RECOVERY_CODE_ALPHABET[pick(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

/** A set of distinct codes, as shown once: "abcde-23456". */
export function newRecoveryCodes(count: number, pick?: (size: number) => number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode(pick));
  return [...codes].map(formatRecoveryCode);
}

/**
 * What is stored of a code: its sha256, bound to the user. The codes are random and long enough that a fast hash
 * suffices, as for session tokens; `code` is the squashed form the request schema gives ("abcde23456").
 */
export function recoveryCodeHash(userId: string, code: string): Buffer {
  return createHash('sha256')
    .update(`recovery:${userId}:${code.replace(/-/g, '')}`)
    .digest();
}
