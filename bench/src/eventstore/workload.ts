import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/** The one event shape both stores append, so both write the same payload. */
export interface BenchEvent {
  type: 'FundsDeposited';
  data: { accountId: string; depositId: string; amountCents: number; currency: 'USD' };
  metadata: {
    actorId: string;
    actorRole: 'member';
    correlationId: string;
    causationId: string;
    requestId: string;
  };
}

export function benchEvent(): BenchEvent {
  const commandId = randomUUID();
  return {
    type: 'FundsDeposited',
    data: { accountId: randomUUID(), depositId: randomUUID(), amountCents: 150_000, currency: 'USD' },
    metadata: {
      actorId: randomUUID(),
      actorRole: 'member',
      correlationId: commandId,
      causationId: commandId,
      requestId: randomUUID(),
    },
  };
}

const sample = benchEvent();
export const PAYLOAD_BYTES = Buffer.byteLength(JSON.stringify(sample.data) + JSON.stringify(sample.metadata));

type AppendOutcome = 'appended' | 'conflict';

/** What a figure needs from a store; each side adapts its own store to it. */
export interface AppendTarget {
  /** Appends one event at `expectedVersion` (0 = the stream does not exist yet). */
  append(streamId: string, event: BenchEvent, expectedVersion: bigint): Promise<AppendOutcome>;
  /** The stream's current version, reading only what follows `seen`, the last version this writer saw. */
  currentVersion(streamId: string, seen: bigint): Promise<bigint>;
}

export interface Figure {
  events: number;
  seconds: number;
  perSecond: number;
  conflicts: number;
}

interface FigureOptions {
  label: string;
  writers: number;
  events: number;
  warmupEvents: number;
  /** Runs between warm-up and the timed run (a checkpoint), so no figure pays for the previous one's writes. */
  settle: () => Promise<void>;
}

// Streams grow to this length, so appends mix creating streams and extending them at a known version.
const STREAM_LENGTH = 10;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = performance.now();
  const result = await run();
  return { result, seconds: (performance.now() - start) / 1000 };
}

/** Single-event appends by `writers` concurrent writers, each to streams no other writer touches. */
async function distinctAppends(target: AppendTarget, prefix: string, writers: number, events: number) {
  let claimed = 0;
  await Promise.all(
    range(writers).map(async (writer) => {
      for (let i = 0; claimed < events; i++) {
        claimed++;
        const streamId = `account-${prefix}-${writer}-${Math.floor(i / STREAM_LENGTH)}`;
        const outcome = await target.append(streamId, benchEvent(), BigInt(i % STREAM_LENGTH));
        if (outcome !== 'appended') throw new Error(`Unexpected version conflict on ${streamId}`);
      }
    }),
  );
}

/** `writers` writers on one stream: read the version, append at it, on conflict read again and retry. */
async function hotAppends(target: AppendTarget, streamId: string, writers: number, events: number) {
  let appended = 0;
  let conflicts = 0;
  await Promise.all(
    range(writers).map(async () => {
      let seen = 0n;
      while (appended < events) {
        const version = await target.currentVersion(streamId, seen);
        seen = version;
        if ((await target.append(streamId, benchEvent(), version)) === 'appended') {
          appended++;
          seen = version + 1n;
        } else {
          conflicts++;
        }
      }
    }),
  );
  return { appended, conflicts };
}

function report(label: string, events: number, seconds: number, conflicts = 0): Figure {
  const figure = { events, seconds, perSecond: events / seconds, conflicts };
  const extra = conflicts ? `, ${conflicts.toLocaleString('en-US')} conflicts` : '';
  // Other processes on the machine skew figures; the load average shows when a figure was taken under load.
  const load = loadavg()[0]!.toFixed(1);
  console.log(
    `  ${label.padEnd(24)} ${events.toLocaleString('en-US').padStart(9)} in ${seconds.toFixed(1).padStart(6)} s` +
      ` = ${Math.round(figure.perSecond).toLocaleString('en-US').padStart(9)}/s${extra} (load ${load})`,
  );
  return figure;
}

async function measureDistinctAppends(target: AppendTarget, options: FigureOptions): Promise<Figure> {
  const tag = randomUUID().slice(0, 8);
  await distinctAppends(target, `warm${tag}`, options.writers, options.warmupEvents);
  await options.settle();
  const { seconds } = await timed(() => distinctAppends(target, tag, options.writers, options.events));
  return report(options.label, options.events, seconds);
}

async function measureHotAppends(target: AppendTarget, options: FigureOptions): Promise<Figure> {
  const streamId = `account-hot${randomUUID().slice(0, 8)}`;
  await hotAppends(target, streamId, options.writers, options.warmupEvents);
  await options.settle();
  const { result, seconds } = await timed(() =>
    hotAppends(target, streamId, options.writers, options.events),
  );
  return report(options.label, result.appended, seconds, result.conflicts);
}

/** Times `run`, which returns how many events it handled. */
export async function measureRate(label: string, run: () => Promise<number>): Promise<Figure> {
  const { result: events, seconds } = await timed(run);
  return report(label, events, seconds);
}

export const APPEND_FIGURES = ['distinct_1', 'distinct_8', 'distinct_32', 'hot_8'] as const;
export type AppendFigureName = (typeof APPEND_FIGURES)[number];

export interface AppendRunOptions {
  side: string;
  events: number;
  warmupEvents: number;
  settle: () => Promise<void>;
}

/** The append figures, measured the same way for every store. */
export function appendFigures(
  target: AppendTarget,
  options: AppendRunOptions,
): Record<AppendFigureName, () => Promise<Figure>> {
  const figure = (name: AppendFigureName, writers: number): FigureOptions => ({
    label: `${options.side} ${name}`,
    writers,
    events: options.events,
    warmupEvents: options.warmupEvents,
    settle: options.settle,
  });
  return {
    distinct_1: () => measureDistinctAppends(target, figure('distinct_1', 1)),
    distinct_8: () => measureDistinctAppends(target, figure('distinct_8', 8)),
    distinct_32: () => measureDistinctAppends(target, figure('distinct_32', 32)),
    hot_8: () => measureHotAppends(target, figure('hot_8', 8)),
  };
}
