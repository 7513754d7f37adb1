import { sql } from 'kysely';
import { readLog, type LogPage } from '../event-store.js';
import { delay, waitForNews, type LogFollower } from '../log-follower.js';
import { comparePositions, LOG_START, type LogPosition } from '../log-position.js';
import {
  advanceCheckpoint,
  advanceCheckpoints,
  ensureCheckpoint,
  lockCheckpoint,
  readCheckpoints,
  saveCheckpoint,
  type CheckpointMove,
  type Projection,
} from './projection.js';
import type { AnyDatabase } from '../database.js';

const PROJECTION_LOCK_NAMESPACE = 1_280_507_906;

export interface ProjectionRunnerOptions {
  batchSize?: number;
  /** Longest pause between reads of the log when no notification arrives. */
  pollMs?: number;
  follower?: LogFollower;
  /**
   * Shortest time from a read that found events to the next read, while following the log (not while catching
   * up). Under a steady stream of appends a page then holds the interval's events, and one transaction per
   * projection applies them all; the read models lag behind by up to this much more.
   */
  minPageIntervalMs?: number;
  /** How often a standby tries to take a projection over. */
  standbyRetryMs?: number;
  /** Pause after a failed batch before the projection is tried again. */
  retryMs?: number;
  onError?(error: unknown, projection: string): void;
}

export interface ProjectionStatus {
  name: string;
  /** Whether this runner holds the projection's lock and applies its events. */
  active: boolean;
  /** Checkpoint this runner has reached while active; null before it first was. */
  position: LogPosition | null;
  lastError: string | null;
}

/**
 * Applies each projection's events in log order, one batch per transaction together with its checkpoint.
 * Each projection is applied by one process at a time: the holder of its advisory lock, on a connection
 * the runner keeps (size the pool above the number of projections). Others stand by and take over when the
 * holder stops or its connection dies.
 */
export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];
  private stopping: AbortController | undefined;
  private running: Promise<void>[] = [];

  constructor(
    private readonly db: AnyDatabase,
    projections: readonly Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    const names = new Set(projections.map((projection) => projection.name));
    if (names.size !== projections.length) throw new Error('Projection names must be unique');
    const types = [...new Set(projections.flatMap((projection) => projection.eventTypes))];
    const shared: SharedWork = {
      reads: new SharedLogReads(db, types, options.batchSize ?? DEFAULT_BATCH_SIZE, options.follower),
      moves: new CheckpointMoves(db),
    };
    this.workers = projections.map((projection) => new ProjectionWorker(db, projection, options, shared));
  }

  /** Starts every projection; resolves once each has tried its lock (and, if taken, prepared its tables). */
  async start(): Promise<void> {
    if (this.stopping) throw new Error('ProjectionRunner already started');
    const stopping = new AbortController();
    this.stopping = stopping;
    const firstAttempts = this.workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          this.running.push(worker.run(stopping.signal, resolve));
        }),
    );
    await Promise.all(firstAttempts);
  }

  /** Finishes the batches in flight and releases every lock. */
  async stop(): Promise<void> {
    this.stopping?.abort();
    await Promise.all(this.running);
    this.running = [];
    this.stopping = undefined;
  }

  status(): ProjectionStatus[] {
    return this.workers.map((worker) => worker.status());
  }

  /** Resolves true once every projection's stored checkpoint has reached `position`, false after the timeout. */
  waitForPosition(position: LogPosition, timeoutMs = 5_000): Promise<boolean> {
    return waitForCheckpoints(this.db, {
      names: this.workers.map((worker) => worker.name),
      position,
      timeoutMs,
    });
  }
}

export async function waitForCheckpoints(
  db: AnyDatabase,
  options: { names: readonly string[]; position: LogPosition; timeoutMs?: number; pollMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  for (;;) {
    const checkpoints = await readCheckpoints(db);
    const reached = options.names.every((name) => {
      const checkpoint = checkpoints.get(name);
      return checkpoint !== undefined && comparePositions(checkpoint, options.position) >= 0;
    });
    if (reached) return true;
    if (Date.now() >= deadline) return false;
    await delay(options.pollMs ?? 10);
  }
}

const DEFAULT_BATCH_SIZE = 1_000;

interface SharedWork {
  reads: SharedLogReads;
  moves: CheckpointMoves;
}

/**
 * The projections of one runner mostly read the log from the same position at the same wake-up. A window of
 * the log is the same whatever types are asked for (others come as positions only), so one read with every
 * projection's types serves all that ask from that position, each keeping its own types.
 */
class SharedLogReads {
  private readonly inFlight = new Map<string, { changes: number; page: Promise<LogPage> }>();

  constructor(
    private readonly db: AnyDatabase,
    private readonly types: readonly string[],
    private readonly limit: number,
    private readonly follower: LogFollower | undefined,
  ) {}

  /** The page after `after`, read no earlier than the wake-up `seen` (the follower's count before asking). */
  async read(after: LogPosition, seen: number, types: ReadonlySet<string>): Promise<LogPage> {
    const key = `${after.transactionId}:${after.globalPosition}`;
    let read = this.inFlight.get(key);
    if (!read || read.changes < seen) {
      const started = { changes: this.follower?.changes ?? 0, page: this.readFrom(after) };
      this.inFlight.set(key, started);
      const forget = () => {
        if (this.inFlight.get(key) === started) this.inFlight.delete(key);
      };
      started.page.then(forget, forget);
      read = started;
    }
    const page = await read.page;
    return { ...page, events: page.events.filter((event) => types.has(event.type)) };
  }

  private readFrom(after: LogPosition): Promise<LogPage> {
    return readLog(this.db, { after, limit: this.limit, types: this.types });
  }
}

/**
 * Checkpoints moved over pages with none of their projection's events, gathered while the projections woken
 * together finish their reads and sent in one statement.
 */
class CheckpointMoves {
  private queued: { move: CheckpointMove; done(moved: boolean): void; failed(error: unknown): void }[] = [];

  constructor(private readonly db: AnyDatabase) {}

  move(move: CheckpointMove): Promise<boolean> {
    return new Promise((done, failed) => {
      this.queued.push({ move, done, failed });
      if (this.queued.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    try {
      const moved = await advanceCheckpoints(
        this.db,
        batch.map(({ move }) => move),
      );
      for (const { move, done } of batch) done(moved.has(move.name));
    } catch (error) {
      for (const { failed } of batch) failed(error);
    }
  }
}

class ProjectionWorker {
  readonly name: string;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly minPageIntervalMs: number;
  private active = false;
  private position: LogPosition | null = null;
  private lastError: string | null = null;

  private readonly types: ReadonlySet<string>;

  constructor(
    private readonly db: AnyDatabase,
    private readonly projection: Projection,
    private readonly options: ProjectionRunnerOptions,
    private readonly shared: SharedWork,
  ) {
    this.name = projection.name;
    this.types = new Set(projection.eventTypes);
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.pollMs = options.pollMs ?? options.follower?.pollMs ?? 100;
    this.minPageIntervalMs = options.minPageIntervalMs ?? 0;
  }

  status(): ProjectionStatus {
    return { name: this.name, active: this.active, position: this.position, lastError: this.lastError };
  }

  async run(signal: AbortSignal, firstAttemptDone: () => void): Promise<void> {
    while (!signal.aborted) {
      let held = false;
      try {
        await this.db.connection().execute(async (connection) => {
          held = await this.tryLock(connection);
          if (!held) return;
          try {
            this.active = true;
            this.position = await this.prepare(connection);
            // Every batch is replayable from the durable checkpoint, so a commit lost in a crash is applied
            // again: none waits for its commit to be flushed.
            await sql`set synchronous_commit = off`.execute(connection);
            firstAttemptDone();
            await this.lead(connection, signal);
          } finally {
            this.active = false;
            await sql`reset synchronous_commit`.execute(connection).catch(() => undefined);
            await this.unlock(connection).catch(() => undefined);
          }
        });
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : String(error);
        this.options.onError?.(error, this.name);
        firstAttemptDone();
        await delay(this.options.retryMs ?? 1_000, signal);
        continue;
      }
      firstAttemptDone();
      if (!held) await delay(this.options.standbyRetryMs ?? 250, signal);
    }
  }

  /** Creates the tables on first run; the checkpoint starts over whenever they are created. */
  private prepare(connection: AnyDatabase): Promise<LogPosition> {
    return connection.transaction().execute(async (trx) => {
      const { rows } = await sql<{ existing: number }>`
        select count(to_regclass(name))::integer as existing from unnest(${this.projection.tables}::text[]) name
      `.execute(trx);
      const existing = rows[0]?.existing ?? 0;
      if (existing > 0 && existing < this.projection.tables.length) {
        throw new Error(`Projection ${this.name} has only some of its tables: rebuild it`);
      }
      await ensureCheckpoint(trx, this.name);
      if (existing === 0) {
        await this.projection.createTables(trx);
        await saveCheckpoint(trx, this.name, LOG_START);
      }
      return lockCheckpoint(trx, this.name);
    });
  }

  private async lead(connection: AnyDatabase, signal: AbortSignal): Promise<void> {
    let position = this.position ?? LOG_START;
    while (!signal.aborted) {
      const seen = this.options.follower?.changes ?? 0;
      const readAt = Date.now();
      const page = await this.shared.reads.read(position, seen, this.types);
      if (page.scanned > 0) position = await this.applyPage(connection, position, page);
      this.position = position;
      this.lastError = null;
      if (page.scanned < this.batchSize) {
        await waitForNews(this.options.follower, seen, this.pollMs, signal);
        // Only after a page the log moved in: after a quiet spell, a lone append is read at once.
        const early = page.scanned > 0 ? readAt + this.minPageIntervalMs - Date.now() : 0;
        if (early > 0) await delay(early, signal);
      }
    }
  }

  /**
   * The page's events and the checkpoint's move from where the page was read, in one transaction; a page of
   * other types only moves the checkpoint, in one statement. Should the checkpoint have moved meanwhile, the
   * page is read again from it.
   */
  private async applyPage(
    connection: AnyDatabase,
    readFrom: LogPosition,
    page: LogPage,
  ): Promise<LogPosition> {
    const { events, position } = page;
    const applied =
      events.length === 0
        ? await this.shared.moves.move({ name: this.name, from: readFrom, to: position })
        : await connection.transaction().execute(async (trx) => {
            if (!(await advanceCheckpoint(trx, this.name, readFrom, position))) return false;
            await this.projection.apply(trx, events);
            return true;
          });
    return applied ? position : this.applyFromCheckpoint(connection);
  }

  private applyFromCheckpoint(connection: AnyDatabase): Promise<LogPosition> {
    return connection.transaction().execute(async (trx) => {
      const checkpoint = await lockCheckpoint(trx, this.name);
      // A rebuild swapped its tables in while the page was read.
      const { events, position } = await readLog(trx, {
        after: checkpoint,
        limit: this.batchSize,
        types: this.projection.eventTypes,
      });
      if (events.length > 0) await this.projection.apply(trx, events);
      if (comparePositions(position, checkpoint) !== 0) await saveCheckpoint(trx, this.name, position);
      return position;
    });
  }

  private async tryLock(connection: AnyDatabase): Promise<boolean> {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${PROJECTION_LOCK_NAMESPACE}, hashtext(${this.name})) as locked
    `.execute(connection);
    return rows[0]?.locked === true;
  }

  private async unlock(connection: AnyDatabase): Promise<void> {
    await sql`select pg_advisory_unlock(${PROJECTION_LOCK_NAMESPACE}, hashtext(${this.name}))`.execute(
      connection,
    );
  }
}
