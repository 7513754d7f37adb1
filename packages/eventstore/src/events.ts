import type { LogPosition } from './log-position.js';

export type ActorRole = 'member' | 'admin' | 'auditor' | 'system';

export interface EventMetadata {
  actorId?: string;
  actorRole?: ActorRole;
  correlationId?: string;
  causationId?: string;
  requestId?: string;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** A uuid chosen by the writer: appending the same id again is a no-op. */
  id: string;
  type: T;
  data: D;
  metadata?: EventMetadata;
}

/** The stream's last position the writer has seen (0 = no stream yet), 'no_stream', or 'any' to skip the check. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface RecordedEvent<T extends string = string, D = unknown> {
  globalPosition: bigint;
  transactionId: bigint;
  streamId: string;
  streamPosition: number;
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
  /** sha256 (hex) of the stream's previous hash and this event's content. */
  hash: string;
}

export interface AppendResult {
  /** The stream's version after the append: pass it as the expected version of the next one. */
  nextExpectedVersion: number;
  /** Global position of the stream's last event (0n for an empty stream). */
  lastGlobalPosition: bigint;
  /** Log position of the stream's last event: wait for projections to pass it to read your own write. */
  logPosition: LogPosition;
}
