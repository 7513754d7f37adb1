import { describe, expect, it } from '@jest/globals';
import { median, medianOfEach, percentile, round } from './stats.js';

describe('benchmark statistics', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, index) => 100 - index);

  it('takes the nearest-rank percentile: a value that was measured, whatever the order given', () => {
    expect(percentile(oneToHundred, 0.99)).toBe(99);
    expect(percentile(oneToHundred, 0.5)).toBe(50);
    expect(percentile(oneToHundred, 1)).toBe(100);
    expect(percentile([7, 3, 250], 0.99)).toBe(250);
    expect(percentile([42], 0.5)).toBe(42);
  });

  it('refuses a percentile of nothing or outside (0, 1]', () => {
    expect(() => percentile([], 0.99)).toThrow('no values');
    expect(() => percentile([1], 0)).toThrow('(0, 1]');
    expect(() => percentile([1], 99)).toThrow('(0, 1]');
  });

  it('takes the median, the lower middle one of an even count', () => {
    expect(median([92, 84, 72])).toBe(84);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow('no values');
  });

  it('takes the median of each key over the records that have it', () => {
    expect(
      medianOfEach([
        { api: 5.8, postgres: 12.6 },
        { api: 6.1, postgres: 11.9, mailer: 2.4 },
        { api: 5.2, postgres: 13.1 },
      ]),
    ).toEqual({ api: 5.8, postgres: 12.6, mailer: 2.4 });
    expect(medianOfEach([])).toEqual({});
  });

  it('rounds to the decimals asked for', () => {
    expect(round(0.03456, 3)).toBe(0.035);
    expect(round(91.5)).toBe(92);
  });
});
