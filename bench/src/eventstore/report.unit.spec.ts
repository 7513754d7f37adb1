import { describe, expect, it } from '@jest/globals';
import { appendResults, medianRun, rateResults, targetsOf } from './report.js';
import type { Figure } from './workload.js';

const run = (perSecond: number, events = 100_000): Figure => ({
  events,
  seconds: events / perSecond,
  perSecond,
  conflicts: 0,
});

describe('benchmark report', () => {
  it('takes the median run, the lower middle one of an even count', () => {
    expect(medianRun([run(5_300), run(4_100), run(5_900)]).perSecond).toBe(5_300);
    expect(medianRun([run(3), run(1), run(4), run(2)]).perSecond).toBe(2);
    expect(medianRun([run(7)]).perSecond).toBe(7);
    expect(() => medianRun([])).toThrow('no runs');
  });

  it('reports the medians with every run, in the order they were taken', () => {
    const appended = appendResults({
      distinct_1: [run(2_000)],
      distinct_8: [run(5_400), run(4_600), run(5_100)],
      distinct_32: [run(6_000)],
      hot_8: [{ events: 1_000, seconds: 4, perSecond: 250, conflicts: 3_000 }],
    });
    expect(appended.appends_per_s).toEqual({
      distinct_1: 2_000,
      distinct_8: 5_100,
      distinct_32: 6_000,
      hot_8: 250,
    });
    expect(appended.hot_8_conflict_rate).toBe(0.75);
    expect(appended.runs_per_s).toEqual({ distinct_8: [5_400, 4_600, 5_100] });

    const rated = rateResults(
      [run(210_000, 408_000), run(190_000, 408_000), run(230_000, 408_000)],
      [run(150_000)],
    );
    expect(rated).toEqual({
      read_per_s: 210_000,
      read_events: 408_000,
      replay_per_s: 150_000,
      replay_events: 100_000,
      runs_per_s: { read: [210_000, 190_000, 230_000], replay: [150_000] },
    });
  });

  it('holds distinct_8 to 2.5 times Emmett in the same run', () => {
    const appended = (distinct8: number) =>
      appendResults({
        distinct_1: [run(1_000)],
        distinct_8: [run(distinct8)],
        distinct_32: [run(1_000)],
        hot_8: [run(100)],
      });
    const rates = rateResults([run(210_000)], [run(150_000)]);
    const emmett = appended(3_000);

    const short = targetsOf({ ...appended(7_400), ...rates }, emmett);
    expect(short.distinct_8_to_emmett).toBeCloseTo(2.4667, 4);
    expect(short.distinct_8_at_least_2_5x_emmett).toBe(false);
    expect(short.distinct_8_at_least_emmett).toBe(true);

    expect(targetsOf({ ...appended(7_500), ...rates }, emmett).distinct_8_at_least_2_5x_emmett).toBe(true);
  });
});
