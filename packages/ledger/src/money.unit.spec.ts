import { describe, expect, it } from '@jest/globals';
import {
  centsFromString,
  centsToString,
  formatCents,
  formatCentsCompact,
  MAX_AMOUNT,
  parseCents,
  parsePositiveCents,
} from './money.js';

describe('parseCents', () => {
  it.each([
    ['1500', 150000n],
    ['1500.5', 150050n],
    ['1500.50', 150050n],
    ['0.01', 1n],
    ['0', 0n],
    ['0.00', 0n],
    ['1000000000000', MAX_AMOUNT],
  ])('reads %p as %p cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each([
    '-5',
    '1e9',
    'abc',
    '10.001',
    '',
    ' 1',
    '1 ',
    '+5',
    '5.',
    '.5',
    '1,000',
    '0x10',
    'NaN',
    'Infinity',
  ])('refuses %p', (text) => {
    expect(parseCents(text)).toBeNull();
  });

  it('refuses more than the largest amount', () => {
    expect(parseCents('1000000000000.01')).toBeNull();
    expect(parseCents('99999999999999999999999')).toBeNull();
  });
});

describe('parsePositiveCents', () => {
  it('refuses zero, which parseCents accepts', () => {
    expect(parsePositiveCents('0')).toBeNull();
    expect(parsePositiveCents('0.00')).toBeNull();
  });

  it.each(['-5', '1e9', 'abc', '10.001'])('refuses %p', (text) => {
    expect(parsePositiveCents(text)).toBeNull();
  });

  it('reads a positive amount', () => {
    expect(parsePositiveCents('10.01')).toBe(1001n);
  });
});

describe('formatCents', () => {
  it.each([
    [150000n, '1500.00'],
    [150050n, '1500.50'],
    [1n, '0.01'],
    [0n, '0.00'],
    [-5n, '-0.05'],
    [-250000n, '-2500.00'],
  ])('writes %p cents as %p', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('reads back what it writes', () => {
    expect(parseCents(formatCents(123456789n))).toBe(123456789n);
  });
});

describe('formatCentsCompact', () => {
  it('drops the cents of whole amounts and keeps them otherwise', () => {
    expect(formatCentsCompact(100000n)).toBe('1000');
    expect(formatCentsCompact(1000000000n)).toBe('10000000');
    expect(formatCentsCompact(4999999n)).toBe('49999.99');
  });
});

describe('stored cents', () => {
  it('round-trips through JSON beyond the precision of a number', () => {
    const cents = 2n ** 60n + 1n;
    const stored = JSON.parse(JSON.stringify({ amount: centsToString(cents) })) as { amount: string };
    expect(stored.amount).toBe('1152921504606846977');
    expect(centsFromString(stored.amount)).toBe(cents);
  });
});
