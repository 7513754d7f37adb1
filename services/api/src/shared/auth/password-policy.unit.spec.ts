import { describe, expect, it } from '@jest/globals';
import { dictionary } from '@zxcvbn-ts/language-common';
import { identityMessages } from '@ledgerstone/contracts';
import { isCommonPassword, newPasswordProblem } from './password-policy.js';

describe('isCommonPassword', () => {
  it('knows the most common passwords', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('qwerty123')).toBe(true);
  });

  it('ignores case', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
  });

  it('takes exactly the first 1,000 entries of the ranked list', () => {
    const ranked = dictionary['passwords-common'];

    expect(isCommonPassword(ranked[999] ?? '')).toBe(true);
    const beyond = ranked.slice(1_000).find((password) => !ranked.slice(0, 1_000).includes(password));
    expect(beyond).toBeDefined();
    expect(isCommonPassword(beyond ?? '')).toBe(false);
  });

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});

describe('newPasswordProblem', () => {
  it('names a common password', () => {
    expect(newPasswordProblem('iloveyou')).toBe(identityMessages.commonPassword);
  });

  it('asks nothing of composition', () => {
    expect(newPasswordProblem('lowercaseonlywords')).toBeUndefined();
  });
});
