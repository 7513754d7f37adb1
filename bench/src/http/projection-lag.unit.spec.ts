import { describe, expect, it } from '@jest/globals';
import { hasReached, parsePlace } from './projection-lag.js';

describe('log positions in command answers', () => {
  it('reads "<transactionId>:<globalPosition>"', () => {
    expect(parsePlace('18446744073709551615:42')).toEqual({
      transactionId: 18_446_744_073_709_551_615n,
      globalPosition: 42n,
    });
    expect(() => parsePlace('12')).toThrow('not a log position: "12"');
    expect(() => parsePlace('a:1')).toThrow('not a log position');
  });

  it('orders by transaction first, then by global position', () => {
    const place = parsePlace('900:50');
    expect(hasReached(parsePlace('900:50'), place)).toBe(true);
    expect(hasReached(parsePlace('900:49'), place)).toBe(false);
    // A later transaction may hold a lower global position: it committed after the one asked about.
    expect(hasReached(parsePlace('901:10'), place)).toBe(true);
    expect(hasReached(parsePlace('899:99'), place)).toBe(false);
  });
});
