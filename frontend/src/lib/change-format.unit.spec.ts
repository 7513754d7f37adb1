import { describe, expect, it } from '@jest/globals';

import { changeColor, formatChange } from './change-format.js';

describe('change formatting', () => {
  it('signs a change with a plus or a real minus sign, and leaves no change unsigned', () => {
    expect(formatChange('1500.00')).toBe('+$1,500.00');
    expect(formatChange('-200.00')).toBe('\u2212$200.00');
    expect(formatChange('0.00')).toBe('$0.00');
    expect(formatChange('-0.00')).toBe('$0.00');
  });

  it('colours a rise and a fall, and no change not at all', () => {
    expect(changeColor('1500.00')).toBe('success.light');
    expect(changeColor('-200.00')).toBe('error.light');
    expect(changeColor('-0.00')).toBeUndefined();
  });
});
