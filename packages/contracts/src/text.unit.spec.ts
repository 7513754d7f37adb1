import { describe, expect, it } from '@jest/globals';
import { text, wholeNumberParameter } from './text.js';

const name = text({ label: 'First name', max: 10 });
const body = text({ label: 'Message', max: 50, multiline: true });
const password = text({ label: 'Password', max: 20, trim: false });

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('text', () => {
  it.each([
    ['NUL', 'Ada\u0000'],
    ['a bell', 'Ada\u0007'],
    ['an escape', '\u001b[31mAda'],
    ['DEL', 'Ada\u007f'],
    ['a C1 control', 'Ada\u0085'],
    ['a tab', 'Ada\tLove'],
  ])('refuses %s in a single line', (_, value) => {
    expect(messages(name.safeParse(value))).toEqual(['First name must not contain control characters']);
  });

  it.each(['Ada\nLove', 'Ada\rLove', 'Ada\u2028Love'])(
    'refuses a line break in a single line: %j',
    (value) => {
      expect(messages(name.safeParse(value))).toEqual(['First name must be a single line']);
    },
  );

  it('takes tabs and line breaks where the field is multi-line, but no other control character', () => {
    expect(body.parse('Hello,\r\n\n\tall is well.')).toBe('Hello,\r\n\n\tall is well.');
    expect(messages(body.safeParse('Hello\u0000'))).toEqual(['Message must not contain control characters']);
  });

  it.each([
    ['a lone high surrogate', 'Ada\ud800'],
    ['a lone low surrogate', '\udc00Ada'],
    ['two high surrogates', 'A\ud83d\ud83d'],
  ])('refuses %s', (_, value) => {
    expect(messages(name.safeParse(value))).toEqual(['First name must be valid text']);
  });

  it('takes letters of every script and emoji, pairs of surrogates included', () => {
    expect(name.parse(' Zoë 😀 ')).toBe('Zoë 😀');
    expect(name.parse('Łukasz')).toBe('Łukasz');
    expect(name.parse('محمد')).toBe('محمد');
  });

  it('counts the length after trimming, and refuses more than max', () => {
    expect(name.parse(`  ${'a'.repeat(10)}  `)).toBe('a'.repeat(10));
    expect(messages(name.safeParse('a'.repeat(100_000)))).toEqual([
      'First name must be at most 10 characters',
    ]);
  });

  it('keeps the spaces of a password and holds it to the same characters', () => {
    expect(password.parse(' my pass ')).toBe(' my pass ');
    expect(messages(password.safeParse('pass\u0000word'))).toEqual([
      'Password must not contain control characters',
    ]);
    expect(messages(password.safeParse('pass\ud800word'))).toEqual(['Password must be valid text']);
  });

  it('names the field when the value is no string', () => {
    expect(messages(name.safeParse(42))).toEqual(['First name is required']);
    expect(messages(text({ max: 5, error: 'Please give a reason.' }).safeParse(null))).toEqual([
      'Please give a reason.',
    ]);
  });
});

describe('a whole number in a query string', () => {
  const days = wholeNumberParameter('Days', { min: 1, max: 366, fallback: 30 });

  it('takes decimal digits within the range, and the fallback when absent', () => {
    expect(days.parse('1')).toBe(1);
    expect(days.parse('366')).toBe(366);
    expect(days.parse('007')).toBe(7);
    expect(days.parse(undefined)).toBe(30);
  });

  it.each([
    '0',
    '367',
    '0x10',
    '0b11',
    '1e2',
    '+5',
    '-1',
    ' 5',
    '5\n',
    '\u00005',
    '30.0',
    '',
    '٣',
    ['1', '2'],
    5,
  ])('refuses %j with one message naming the field and the range', (value) => {
    expect(messages(days.safeParse(value))).toEqual(['Days must be a whole number from 1 to 366']);
  });
});
