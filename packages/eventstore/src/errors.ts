import type { ExpectedVersion } from './events.js';

export class StreamVersionConflict extends Error {
  readonly code = 'STREAM_VERSION_CONFLICT';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** The stream's version when the conflict was seen; undefined when a concurrent insert revealed it. */
    readonly actual: number | undefined,
  ) {
    super(`Stream ${streamId} is at version ${actual ?? 'unknown'}, expected ${expected}`);
    this.name = 'StreamVersionConflict';
  }
}

export class DuplicateEvent extends Error {
  readonly code = 'DUPLICATE_EVENT';

  constructor(readonly eventId: string) {
    super(`Event ${eventId} is already stored with other events or in another stream`);
    this.name = 'DuplicateEvent';
  }
}
