import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventStore, type EventMetadata } from '@ledgerstone/eventstore';
import { userStreamId, type IdentityEvent } from '@ledgerstone/ledger';
import type { IdentityTransaction } from './identity.tables.js';

/** Who did it and under which request, as every identity event records it. */
export interface IdentityEventContext {
  actorId: string;
  actorRole: NonNullable<EventMetadata['actorRole']>;
  requestId: string;
}

/** Appends identity events to `user-<id>` inside the transaction that makes the relational change. */
@Injectable()
export class IdentityEventLog {
  constructor(private readonly store: EventStore) {}

  /**
   * The relational rows, locked by the same transaction, are what identity decisions read; the stream is their
   * audit trail, so appends after the first take the stream's next position rather than compare a version.
   * Returns the events' ids, in order: they name the mail jobs the events cause.
   */
  async record(
    trx: IdentityTransaction,
    userId: string,
    events: [IdentityEvent, ...IdentityEvent[]],
    context: IdentityEventContext,
  ): Promise<[string, ...string[]]> {
    const metadata: EventMetadata = {
      actorId: context.actorId,
      actorRole: context.actorRole,
      requestId: context.requestId,
      correlationId: context.requestId,
    };
    const stored = events.map((event) => ({ id: randomUUID(), ...event, metadata }));
    await this.store.appendInTransaction(trx, userStreamId(userId), stored, {
      expectedVersion: events[0].type === 'UserRegistered' ? 'no_stream' : 'any',
    });
    return stored.map((event) => event.id) as [string, ...string[]];
  }

  /** Wakes the log's followers once the recording transaction has committed. */
  committed(): void {
    this.store.announce();
  }
}
