import { describe, expect, it } from '@jest/globals';
import { spreadsheetText } from './audit-csv.js';

describe('Free text in a CSV cell', () => {
  it.each(['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'starting like a formula (%j) gets a leading apostrophe',
    (text) => {
      expect(spreadsheetText(text)).toBe(`'${text}`);
    },
  );

  it.each(['Welcome bonus', 'Fee: 25 = 20 + 5', '', "'quoted"])('is left as it is otherwise (%j)', (text) => {
    expect(spreadsheetText(text)).toBe(text);
  });

  it('stays empty when there is none', () => {
    expect(spreadsheetText(null)).toBeNull();
  });
});
