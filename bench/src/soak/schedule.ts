/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same run of choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
  };
}

export const FAULT_KINDS = [
  'kill-api',
  'kill-projector',
  'kill-mailer',
  'restart-redis',
  'stop-smtp',
  'pause-postgres',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  /** Milliseconds after the load started. */
  atMs: number;
  /** How long the process or service stays away. */
  downMs: number;
  /** Which api instance a kill-api hits (0 or 1). */
  instance: number;
}

/** What a fault takes away: two faults on the same thing run one after the other. */
export function targetOf(fault: Fault): string {
  return fault.kind === 'kill-api' ? `api-${fault.instance + 1}` : fault.kind;
}

/**
 * The faults start this long after the load and are over this long before it, so the end shows recovery
 * (the projections catch up within seconds of the last fault).
 */
export const FIRST_FAULT_MS = 15_000;
export const QUIET_END_MS = 45_000;
/** A killed api instance is back once it has started again, which takes up to this long on a busy machine. */
export const API_START_MS = 45_000;
export const SMTP_OUTAGE_MS = 30_000;

function downtime(kind: FaultKind, random: () => number): number {
  const between = (low: number, high: number) => Math.round(low + (high - low) * random());
  switch (kind) {
    case 'stop-smtp':
      return SMTP_OUTAGE_MS;
    case 'pause-postgres':
      return between(3_000, 5_000);
    case 'restart-redis':
      return between(2_000, 4_000);
    default:
      return between(2_000, 5_000);
  }
}

/**
 * The faults of a run of `durationMs`: every kind once, then one more (of any kind) for each further 30 s
 * beyond three minutes, at random moments between FIRST_FAULT_MS and QUIET_END_MS before the end.
 */
export function faultSchedule(seed: number, durationMs: number): Fault[] {
  const random = seededRandom(seed);
  const extra = Math.max(0, Math.floor((durationMs - 180_000) / 30_000));
  const kinds: FaultKind[] = [
    ...FAULT_KINDS,
    ...Array.from({ length: extra }, () => FAULT_KINDS[Math.floor(random() * FAULT_KINDS.length)]!),
  ];
  return kinds
    .map((kind) => {
      const downMs = downtime(kind, random);
      const recovery = downMs + (kind === 'kill-api' ? API_START_MS : 0);
      const latest = Math.max(FIRST_FAULT_MS, durationMs - QUIET_END_MS - recovery);
      return {
        kind,
        atMs: Math.round(FIRST_FAULT_MS + (latest - FIRST_FAULT_MS) * random()),
        downMs,
        instance: random() < 0.5 ? 0 : 1,
      };
    })
    .sort((left, right) => left.atMs - right.atMs);
}
