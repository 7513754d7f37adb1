import { describe, expect, it } from '@jest/globals';
import { formatAmount, formatUsd, groupThousands } from './money-format.js';

describe('formatUsd', () => {
  it.each([
    [0n, '$0.00'],
    [1n, '$0.01'],
    [10n, '$0.10'],
    [99n, '$0.99'],
    [100n, '$1.00'],
    [150_000n, '$1,500.00'],
    [1_000_000_000n, '$10,000,000.00'],
    [9_007_199_254_740_993n, '$90,071,992,547,409.93'],
    [10n ** 30n + 7n, '$10,000,000,000,000,000,000,000,000,000.07'],
    [-1n, '-$0.01'],
    [-1_250n, '-$12.50'],
    [-150_000n, '-$1,500.00'],
    [-9_007_199_254_740_993n, '-$90,071,992,547,409.93'],
  ])('shows %p cents as %s', (cents, shown) => {
    expect(formatUsd(cents)).toBe(shown);
  });

  it.each([
    ['0.00', '$0.00'],
    ['0', '$0.00'],
    ['-0.00', '$0.00'],
    ['0.01', '$0.01'],
    ['0.1', '$0.10'],
    ['1500', '$1,500.00'],
    ['1500.00', '$1,500.00'],
    ['1500.5', '$1,500.50'],
    ['10000000.00', '$10,000,000.00'],
    ['90071992547409.93', '$90,071,992,547,409.93'],
    ['-12.50', '-$12.50'],
    ['-0.05', '-$0.05'],
    ['007.00', '$7.00'],
  ])('shows the API amount %s as %s', (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });

  it.each(['', ' 1.00', 'abc', '1e9', '10.001', '1,500.00', '$5.00', '+5.00', '.50', '5.', '--1.00', 'NaN'])(
    'refuses %p rather than show a wrong figure',
    (amount) => {
      expect(() => formatUsd(amount)).toThrow(RangeError);
    },
  );
});

describe('formatAmount', () => {
  it.each([
    [0n, '0.00'],
    [150_000n, '1,500.00'],
    ['10000000.00', '10,000,000.00'],
    [9_007_199_254_740_993n, '90,071,992,547,409.93'],
    [-1_250n, '-12.50'],
    ['-0.05', '-0.05'],
  ])('shows %p as %s', (amount, shown) => {
    expect(formatAmount(amount)).toBe(shown);
  });
});

describe('groupThousands', () => {
  it('groups digits by threes exactly as en-US Intl.NumberFormat does, for every length', () => {
    const intl = new Intl.NumberFormat('en-US', { useGrouping: true });
    for (let length = 1; length <= 40; length += 1) {
      for (const digits of ['1'.repeat(length), '9'.repeat(length), `1${'0'.repeat(length - 1)}`]) {
        expect(groupThousands(digits)).toBe(intl.format(BigInt(digits)));
      }
    }
    expect(groupThousands('0')).toBe('0');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });

  it('keeps a minus sign out of the groups, as Intl does, for every length', () => {
    const intl = new Intl.NumberFormat('en-US', { useGrouping: true });
    for (let length = 1; length <= 40; length += 1) {
      const digits = `-${'9'.repeat(length)}`;
      expect(groupThousands(digits)).toBe(intl.format(BigInt(digits)));
    }
    expect(groupThousands('-123')).toBe('-123');
  });
});
