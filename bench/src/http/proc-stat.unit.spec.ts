import { describe, expect, it } from '@jest/globals';
import { parseProcStat, ticksBeforeEnding, ticksBetween } from './proc-stat.js';

/** A /proc/<pid>/stat line as proc(5) lays it out, with the fields this reader uses set. */
function statLine(
  pid: number,
  comm: string,
  times: { ppid: number; utime: number; stime: number; cutime: number; cstime: number },
) {
  const afterName = ['S', times.ppid, pid, pid, 0, -1, 4194304, 1523, 0, 0, 0];
  const rest = [20, 0, 1, 0, 4123, 12345678, 300, '18446744073709551615'];
  return `${pid} (${comm}) ${[...afterName, times.utime, times.stime, times.cutime, times.cstime, ...rest].join(' ')}\n`;
}

describe('/proc/<pid>/stat', () => {
  it("reads a process's own and its ended children's CPU ticks", () => {
    expect(
      parseProcStat(statLine(4242, 'postgres', { ppid: 1, utime: 1500, stime: 250, cutime: 40, cstime: 2 })),
    ).toEqual({ pid: 4242, comm: 'postgres', ppid: 1, ticks: 1750, childTicks: 42 });
  });

  it('counts the fields from the last bracket, as a name may hold spaces and brackets', () => {
    const times = parseProcStat(
      statLine(7, 'node (a) b)', { ppid: 3, utime: 9, stime: 1, cutime: 0, cstime: 0 }),
    );
    expect(times).toMatchObject({ pid: 7, comm: 'node (a) b)', ppid: 3, ticks: 10 });
  });

  it('refuses what is not a stat line', () => {
    expect(() => parseProcStat('')).toThrow('not a /proc/<pid>/stat line');
    expect(() => parseProcStat('12 (node) S x')).toThrow('field 4');
  });

  it('adds up the ticks between two samples: a process that started in between counts whole', () => {
    const before = new Map([
      [10, 500],
      [11, 80],
      [12, 40],
    ]);
    const after = new Map([
      [10, 620],
      [11, 80],
      [13, 25],
    ]);
    // 120 more for 10, none for 11, 25 for the new 13; 12 ended and is not seen.
    expect(ticksBetween(before, after)).toBe(145);
    expect(ticksBetween(new Map([[10, 9]]), new Map([[10, 3]]))).toBe(0);
  });

  it('gives the time processes that ended since the first sample had spent by then', () => {
    // 12 ended with 40 ticks spent before the first sample: its server's child ticks count those again.
    const before = new Map([
      [10, 500],
      [12, 40],
    ]);
    expect(ticksBeforeEnding(before, new Map([[10, 620]]))).toBe(40);
    expect(ticksBeforeEnding(before, new Map([...before, [13, 5]]))).toBe(0);
  });
});
