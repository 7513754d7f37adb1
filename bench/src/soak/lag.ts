import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { hasReached, parsePlace, type LogPlace } from '../http/projection-lag.js';

export interface CommandLag {
  answeredAtMs: number;
  /** From the answer until every subscriber of the log (read models and the mail notifier) had passed it. */
  lagMs: number;
}

/** Notes, for every command answered 2xx, how long the projections took to pass its position. */
export class LagWatch {
  readonly lags: CommandLag[] = [];
  private pending: (LogPlace & { answeredAtMs: number })[] = [];
  private stopped = false;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly db: pg.Pool,
    private readonly startedAt: number,
  ) {}

  accepted(position: string, answeredAtMs: number): void {
    this.pending.push({ ...parsePlace(position), answeredAtMs });
  }

  start(): void {
    this.polling = (async () => {
      while (!this.stopped) {
        await this.poll().catch(() => undefined);
        await sleep(50);
      }
    })();
  }

  /** Waits up to `timeoutMs` for every noted command to be passed; returns how many never were. */
  async stop(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.length > 0 && Date.now() < deadline) await sleep(50);
    this.stopped = true;
    await this.polling;
    return this.pending.length;
  }

  private async poll(): Promise<void> {
    const { rows } = await this.db.query<{ transaction_id: string; global_position: string }>(
      'select transaction_id::text, global_position::text from projection_checkpoints',
    );
    const now = performance.now() - this.startedAt;
    const checkpoints = rows.map((row) => ({
      transactionId: BigInt(row.transaction_id),
      globalPosition: BigInt(row.global_position),
    }));
    this.pending = this.pending.filter((place) => {
      if (!checkpoints.every((checkpoint) => hasReached(checkpoint, place))) return true;
      this.lags.push({ answeredAtMs: place.answeredAtMs, lagMs: now - place.answeredAtMs });
      return false;
    });
  }
}
