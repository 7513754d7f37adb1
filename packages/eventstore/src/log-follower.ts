import pg from 'pg';
import { EVENTS_CHANNEL, type EventStore } from './event-store.js';
import type { RecordedEvent } from './events.js';
import { LOG_START, type LogPosition } from './log-position.js';

export interface LogFollowerOptions {
  /** Longest wait without a notification: the fallback when one is missed. */
  pollMs?: number;
  reconnectMs?: number;
}

/** Wakes readers of the log when appenders announce new events (LISTEN/NOTIFY), and every `pollMs` regardless. */
export class LogFollower {
  readonly pollMs: number;
  private readonly reconnectMs: number;
  private client: pg.Client | undefined;
  private wakeUps = 0;
  private readonly waiters = new Set<() => void>();
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly connectionString: string,
    options: LogFollowerOptions,
  ) {
    this.pollMs = options.pollMs ?? 100;
    this.reconnectMs = options.reconnectMs ?? 1_000;
  }

  static async start(connectionString: string, options: LogFollowerOptions = {}): Promise<LogFollower> {
    const follower = new LogFollower(connectionString, options);
    try {
      await follower.listen();
    } catch (error) {
      await follower.stop();
      throw error;
    }
    return follower;
  }

  /** Grows with every wake-up: read it before reading the log and pass it to `waitForChange`. */
  get changes(): number {
    return this.wakeUps;
  }

  /** Resolves once a wake-up newer than `seen` arrives, after `timeoutMs`, or on `signal`. */
  waitForChange(seen: number, timeoutMs = this.pollMs, signal?: AbortSignal): Promise<void> {
    if (this.stopped) return delay(timeoutMs, signal);
    if (this.wakeUps > seen || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done);
      this.waiters.add(done);
    });
  }

  /** Stops listening; waiters are released, later waits only poll. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.wake();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', () => this.wake());
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      this.lost(client);
      throw error;
    }
    // Events appended while no one listened would otherwise wait for the next poll.
    this.wake();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.reconnectTimer = setTimeout(() => void this.listen().catch(() => undefined), this.reconnectMs);
  }

  private wake(): void {
    this.wakeUps += 1;
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Waits for news on the log: through the follower when there is one, else for `pollMs`. */
export function waitForNews(
  follower: LogFollower | undefined,
  seen: number,
  pollMs: number,
  signal: AbortSignal,
): Promise<void> {
  if (follower) return follower.waitForChange(seen, pollMs, signal);
  return delay(pollMs, signal);
}

export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

export interface SubscriptionOptions {
  after?: LogPosition;
  batchSize?: number;
  types?: readonly string[];
  follower?: LogFollower;
  pollMs?: number;
  retryMs?: number;
  /** Called in log order with each batch of wanted events; a batch whose handler throws comes again. */
  handle(events: RecordedEvent[], position: LogPosition): Promise<void>;
  onError?(error: unknown): void;
}

export interface Subscription {
  /** Where the subscription has read up to. */
  readonly position: LogPosition;
  stop(): Promise<void>;
}

/** Follows the log from `after`, handing every committed event to `handle` in order, none skipped. */
export function subscribe(store: EventStore, options: SubscriptionOptions): Subscription {
  const batchSize = options.batchSize ?? 1_000;
  const pollMs = options.pollMs ?? options.follower?.pollMs ?? 100;
  const stopping = new AbortController();
  let position = options.after ?? LOG_START;

  const running = (async () => {
    while (!stopping.signal.aborted) {
      const seen = options.follower?.changes ?? 0;
      try {
        const page = await store.readLog({ after: position, limit: batchSize, types: options.types });
        if (page.events.length > 0) await options.handle(page.events, page.position);
        position = page.position;
        if (page.scanned < batchSize) await waitForNews(options.follower, seen, pollMs, stopping.signal);
      } catch (error) {
        options.onError?.(error);
        await delay(options.retryMs ?? 1_000, stopping.signal);
      }
    }
  })();

  return {
    get position() {
      return position;
    },
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
