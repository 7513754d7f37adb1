import { describe, expect, it } from '@jest/globals';
import { positionSeal } from './sealed-positions.js';

const SECRET = 'a secret of at least thirty-two characters';
const seal = positionSeal(SECRET);

describe('a sealed log position', () => {
  it('opens to the position it sealed, the largest a log has too', () => {
    for (const position of ['0:0', '812:4051', '18446744073709551615:9223372036854775807']) {
      expect(seal.open(seal.seal(position))).toBe(position);
    }
  });

  it('tells nothing of the position: every token is as long as any other, and neighbours share nothing visible', () => {
    const tokens = ['1:1', '812:4051', '812:4052', '99999999999:99999999999'].map((position) =>
      seal.seal(position),
    );
    expect(new Set(tokens.map((token) => token.length))).toEqual(new Set([92]));
    expect(tokens[1]).not.toContain('4051');
    const [first, second] = [tokens[1]!, tokens[2]!];
    const sharedPrefix = [...first].findIndex((char, index) => char !== second[index]);
    expect(sharedPrefix).toBeLessThan(4);
  });

  it('seals one position the same way each time, so a repeated answer repeats its position', () => {
    expect(seal.seal('812:4051')).toBe(seal.seal('812:4051'));
    expect(positionSeal(SECRET).seal('812:4051')).toBe(seal.seal('812:4051'));
  });

  it('opens nothing it did not seal: a plain position, another secret, a changed character, a cut or padded token', () => {
    const token = seal.seal('812:4051');
    const flipped = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;
    for (const made of [
      '812:4051',
      positionSeal('another secret of thirty-two characters').seal('812:4051'),
      flipped,
      token.slice(0, -1),
      `${token}A`,
      '',
      '\u0000'.repeat(92),
      '💸'.repeat(46),
      'A'.repeat(100_000),
    ]) {
      expect(seal.open(made)).toBeNull();
    }
  });

  it('seals only a log position', () => {
    for (const notOne of ['812', '812:', ':4051', '-1:2', '1:2:3', '123456789012345678901:1']) {
      expect(() => seal.seal(notOne)).toThrow('not a log position');
    }
  });
});
