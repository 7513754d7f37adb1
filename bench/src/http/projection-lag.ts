import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { MONITOR_APPLICATION } from './cpu.js';

/** A command's place in the log, as the api answers it ("<transactionId>:<globalPosition>"). */
export interface LogPlace {
  transactionId: bigint;
  globalPosition: bigint;
}

export function parsePlace(position: string): LogPlace {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new Error(`not a log position: "${position}"`);
  return { transactionId: BigInt(match[1]!), globalPosition: BigInt(match[2]!) };
}

/** True when a projection whose checkpoint is `checkpoint` has applied the event at `place`. */
export function hasReached(checkpoint: LogPlace, place: LogPlace): boolean {
  return (
    checkpoint.transactionId > place.transactionId ||
    (checkpoint.transactionId === place.transactionId && checkpoint.globalPosition >= place.globalPosition)
  );
}

/** The read model a member sees a withdrawal in (their withdrawal history). */
export const WITHDRAWALS_READ_MODEL = 'withdrawals';

interface Pending extends LogPlace {
  acceptedAt: number;
  readModelMs?: number;
}

export interface Lags {
  /** Milliseconds from each answer to the withdrawals read model's checkpoint passing its position. */
  readModelMs: number[];
  /** The same, until every subscriber of the log (read models and the mail notifier) had passed it. */
  allSubscribersMs: number[];
}

/** How the tracker reads the projections' checkpoints: its own work, not the platform's. */
export const CHECKPOINTS_STATEMENT =
  'select name, transaction_id::text, global_position from projection_checkpoints';

/**
 * Measures projection lag for every accepted command: polls the projections' checkpoints every few
 * milliseconds on a connection of its own and notes when each command's position is passed.
 */
export class LagTracker {
  private pending: Pending[] = [];
  private lags: Lags = { readModelMs: [], allSubscribersMs: [] };
  private polling: Promise<void> | undefined;
  private stopRequested = false;
  /** The furthest position any command was answered with: what a drained platform has passed. */
  private furthest: LogPlace | undefined;
  private checkpoints = new Map<string, LogPlace>();
  /** Its own reads of the checkpoints so far, each one transaction: not the platform's work. */
  readonly reads = { transactions: 0, rows: 0 };

  private constructor(private readonly client: pg.Client) {}

  static async open(databaseUrl: string): Promise<LagTracker> {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: MONITOR_APPLICATION });
    await client.connect();
    const tracker = new LagTracker(client);
    await tracker.readCheckpoints();
    if (!tracker.checkpoints.has(WITHDRAWALS_READ_MODEL)) {
      throw new Error(`the projector keeps no "${WITHDRAWALS_READ_MODEL}" checkpoint`);
    }
    return tracker;
  }

  accepted(position: string): void {
    const place = parsePlace(position);
    this.pending.push({ ...place, acceptedAt: performance.now() });
    if (!this.furthest || hasReached(place, this.furthest)) this.furthest = place;
  }

  /** Starts noting lags, forgetting those noted before. */
  start(pollMs = 20): void {
    this.lags = { readModelMs: [], allSubscribersMs: [] };
    this.pending = [];
    this.stopRequested = false;
    this.polling = (async () => {
      while (!this.stopRequested) {
        await this.poll();
        await sleep(pollMs);
      }
    })();
  }

  /**
   * Waits (up to `timeoutMs`) until every command answered so far has reached every subscriber, then stops
   * noting; commands still pending then are the ones whose lag was not measured.
   */
  async stop(timeoutMs = 60_000): Promise<Lags & { unmeasured: number }> {
    const deadline = Date.now() + timeoutMs;
    while (this.polling && this.pending.length > 0 && Date.now() < deadline) await sleep(10);
    this.stopRequested = true;
    await this.polling;
    this.polling = undefined;
    const unmeasured = this.pending.length;
    this.pending = [];
    return { ...this.lags, unmeasured };
  }

  /** Resolves once every subscriber has passed the furthest answered position; false on timeout. */
  async caughtUp(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.readCheckpoints();
      const target = this.furthest;
      if (!target || [...this.checkpoints.values()].every((checkpoint) => hasReached(checkpoint, target))) {
        return true;
      }
      if (Date.now() > deadline) return false;
      await sleep(20);
    }
  }

  async close(): Promise<void> {
    if (this.polling) await this.stop(0);
    await this.client.end();
  }

  private async readCheckpoints(): Promise<void> {
    const { rows } = await this.client.query<{
      name: string;
      transaction_id: string;
      global_position: string;
    }>(CHECKPOINTS_STATEMENT);
    this.reads.transactions += 1;
    this.reads.rows += rows.length;
    this.checkpoints = new Map(
      rows.map((row) => [
        row.name,
        { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) },
      ]),
    );
  }

  private async poll(): Promise<void> {
    await this.readCheckpoints();
    const now = performance.now();
    const readModel = this.checkpoints.get(WITHDRAWALS_READ_MODEL)!;
    const all = [...this.checkpoints.values()];
    this.pending = this.pending.filter((entry) => {
      if (entry.readModelMs === undefined && hasReached(readModel, entry)) {
        entry.readModelMs = now - entry.acceptedAt;
        this.lags.readModelMs.push(entry.readModelMs);
      }
      if (entry.readModelMs === undefined || !all.every((checkpoint) => hasReached(checkpoint, entry)))
        return true;
      this.lags.allSubscribersMs.push(now - entry.acceptedAt);
      return false;
    });
  }
}
