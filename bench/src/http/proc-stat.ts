/** What `/proc/<pid>/stat` says of a process's CPU time, in clock ticks. */
export interface ProcessTimes {
  pid: number;
  /** The executable's name as the kernel keeps it (at most 15 characters). */
  comm: string;
  ppid: number;
  /** utime + stime: the process's own time, user and system. */
  ticks: number;
  /** cutime + cstime: time of its children that ended and were waited for (a server's exited workers). */
  childTicks: number;
}

/**
 * Parses one `/proc/<pid>/stat` line (proc(5)). The name is in brackets and may itself hold spaces and
 * brackets, so the fields are counted from the last closing bracket.
 */
export function parseProcStat(line: string): ProcessTimes {
  const open = line.indexOf(' (');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: "${line.slice(0, 80)}"`);
  // After the name: state (field 3), ppid (4), ... utime (14), stime (15), cutime (16), cstime (17).
  const fields = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (number: number) => {
    const value = Number(fields[number - 3]);
    if (!Number.isInteger(value)) throw new Error(`field ${number} of /proc/<pid>/stat is not a number`);
    return value;
  };
  return {
    pid: Number(line.slice(0, open)),
    comm: line.slice(open + 2, close),
    ppid: field(4),
    ticks: field(14) + field(15),
    childTicks: field(16) + field(17),
  };
}

/** Ticks by pid at one moment. */
export type TickSample = ReadonlyMap<number, number>;

/**
 * CPU ticks spent between two samples of one group of processes. A process that started in between counts
 * whole; one that ended in between is lost, unless its parent's child ticks are part of the samples.
 */
export function ticksBetween(before: TickSample, after: TickSample): number {
  let spent = 0;
  for (const [pid, ticks] of after) spent += Math.max(0, ticks - (before.get(pid) ?? 0));
  return spent;
}

/**
 * The ticks that processes gone by `after` had spent by `before`. A server's child ticks count an ended worker's
 * whole life when it is waited for; less these, they count only its time since `before`.
 */
export function ticksBeforeEnding(before: TickSample, after: TickSample): number {
  let spent = 0;
  for (const [pid, ticks] of before) if (!after.has(pid)) spent += ticks;
  return spent;
}
