import { CompiledQuery } from 'kysely';
import { namedStatement, type AnyDatabase } from './database.js';
import type { AppendResult, ExpectedVersion, NewEvent } from './events.js';
import { appendArguments, appendResult, type AppendArguments, type AppendRow } from './append.js';

/** At most this many appends leave together: the statement's size and the group's locks stay small. */
const MAX_GROUP = 64;

// One row per append of the group, each with its place in the group (n, from 1); one statement, so one transaction.
const APPEND_GROUP = namedStatement(
  'ls_append_group',
  `select a.outcome, a.stream_version, a.log_transaction_id, a.log_global_position, a.conflicting_event_id
  from append_group($1::text[], $2::int[], $3::uuid[], $4::text[], $5::jsonb, $6::jsonb) a
  order by a.n`,
);

/** The appends' JSON arrays (each append's own, as append_events takes them) as one JSON array. */
const jsonArrayOf = (arrays: string[]) => `[${arrays.join(',')}]`;

interface Waiting {
  streamId: string;
  expectedVersion: ExpectedVersion;
  values: AppendArguments;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

type AppendAlone = (
  streamId: string,
  values: AppendArguments,
  expected: ExpectedVersion,
) => Promise<AppendResult>;

/**
 * Group commit for single-event appends: the appends asked for in one turn of the event loop, and those that
 * arrive while a group is being written, leave together in one statement and one commit instead of a round
 * trip and a commit each. A group leaves at the end of the turn (setImmediate), not at its first append: when
 * a group's results come back, its writers send their next appends one by one as their promises settle, and a
 * group started at the first of them left alone and kept the others waiting a whole round trip (8 writers:
 * groups of 1 and 7 in turn instead of 8). Each append of a group keeps its own outcome (a version conflict or
 * a duplicate id refuses that one only); a group the server refuses as a whole (an error in any of its events,
 * a deadlock) is sent again one append at a time, in order, so only the faulty one fails. Appends of one stream
 * in a group run in the order they arrived, each seeing the one before (a second at the same expected version
 * is a conflict). Appends of several events, and appends inside a caller's transaction, do not wait.
 */
export class GroupAppends {
  private readonly waiting: Waiting[] = [];
  private writing = false;
  private scheduled = false;

  constructor(
    private readonly db: AnyDatabase,
    private readonly alone: AppendAlone,
  ) {}

  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    // Checked here, so that an id that is no uuid fails its own append and no group.
    const values = appendArguments(events, expectedVersion);
    if (events.length !== 1) return this.alone(streamId, values, expectedVersion);
    return new Promise((resolve, reject) => {
      this.waiting.push({ streamId, expectedVersion, values, resolve, reject });
      this.scheduleNext();
    });
  }

  /** Writes the next group at the end of this turn of the event loop, unless one is being written. */
  private scheduleNext(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writeNext();
    });
  }

  private writeNext(): void {
    const group = this.takeGroup();
    if (group.length === 0) return;
    this.writing = true;
    const written = group.length === 1 ? this.writeAlone(group[0]!) : this.writeGroup(group);
    void written.finally(() => {
      this.writing = false;
      this.scheduleNext();
    });
  }

  /** The waiting appends in arrival order, up to MAX_GROUP; the rest keep waiting in order. */
  private takeGroup(): Waiting[] {
    return this.waiting.splice(0, MAX_GROUP);
  }

  private writeAlone(append: Waiting): Promise<void> {
    return this.alone(append.streamId, append.values, append.expectedVersion).then(
      append.resolve,
      append.reject,
    );
  }

  private async writeGroup(group: Waiting[]): Promise<void> {
    // Streams locked in the order of their ids, as every group locks them: two groups never wait on each other.
    // The sort is stable: the appends of one stream keep the order they arrived in.
    const ordered = [...group].sort((a, b) =>
      a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0,
    );
    let rows: AppendRow[];
    try {
      ({ rows } = await this.db.executeQuery<AppendRow>(
        CompiledQuery.raw(APPEND_GROUP, [
          ordered.map((append) => append.streamId),
          ordered.map((append) => append.values.expectedVersion),
          ordered.map((append) => append.values.ids[0]),
          ordered.map((append) => append.values.types[0]),
          jsonArrayOf(ordered.map((append) => append.values.data)),
          jsonArrayOf(ordered.map((append) => append.values.metadata)),
        ]),
      ));
    } catch {
      for (const append of ordered) await this.writeAlone(append);
      return;
    }
    ordered.forEach((append, index) => {
      try {
        append.resolve(appendResult(rows[index], append.streamId, append.expectedVersion));
      } catch (error) {
        append.reject(error);
      }
    });
  }
}
