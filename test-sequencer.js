import TestSequencer from '@jest/test-sequencer';

const Sequencer = TestSequencer.default ?? TestSequencer;

/**
 * Browser tests first: each takes minutes, so one started last would hold the whole run while the other worker
 * idles. After them, Jest's own order (failed first, then slowest by the last run, else largest file).
 */
class BrowserTestsFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const isBrowserTest = (test) => test.path.endsWith('.e2e.spec.ts');
    return [...sorted.filter(isBrowserTest), ...sorted.filter((test) => !isBrowserTest(test))];
  }
}

export default BrowserTestsFirst;
