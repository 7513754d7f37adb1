import { dictionary } from '@zxcvbn-ts/language-common';
import { identityMessages } from '@ledgerstone/contracts';

/** The list is ranked by frequency; its head is what attackers try first. */
const COMMON_PASSWORD_COUNT = 1_000;

const commonPasswords = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * What is wrong with a new password beyond its length (which the request schema checks), or undefined.
 * No composition rules: length and not being a well-known password are what make one hard to guess.
 */
export function newPasswordProblem(password: string): string | undefined {
  return isCommonPassword(password) ? identityMessages.commonPassword : undefined;
}
