/** Nearest-rank percentile (`fraction` 0.99 for p99): the smallest value at least that share of values reach. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) throw new Error('no values to take a percentile of');
  if (!(fraction > 0 && fraction <= 1))
    throw new Error(`percentile fraction must be in (0, 1], got ${fraction}`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(fraction * sorted.length) - 1]!;
}

/** The middle value; of an even count the lower middle one, so it is always a value that was measured. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no values to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The median of each key over the records that have it. */
export function medianOfEach(records: readonly Record<string, number>[]): Record<string, number> {
  const keys = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return Object.fromEntries(
    keys.map((key) => [
      key,
      median(records.flatMap((record) => (record[key] === undefined ? [] : [record[key]]))),
    ]),
  );
}

/** Rounds to `digits` decimals, for figures read by people. */
export function round(value: number, digits = 0): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
