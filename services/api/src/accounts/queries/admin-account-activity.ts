import { Inject, Injectable } from '@nestjs/common';
import type { AdminAccountActivity, TimelineQuery } from '@ledgerstone/contracts';
import { EventStore, type RecordedEvent } from '@ledgerstone/eventstore';
import { accountStreamId, formatCents, isSecurityActivity, userStreamId } from '@ledgerstone/ledger';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { identityDatabase, UserNotFoundError } from '../../identity/index.js';

const STAFF_ROLES = new Set(['admin', 'auditor']);

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function cents(value: unknown): bigint {
  const digits = text(value);
  return digits !== null && /^-?\d+$/.test(digits) ? BigInt(digits) : 0n;
}

/**
 * Account events carry their amount as a string of whole cents; a maturity moves its principal and its
 * profit; an event without either moved nothing.
 */
function amountOf(data: Record<string, unknown>): string {
  if (data.amount === undefined && (data.principal !== undefined || data.profit !== undefined)) {
    return formatCents(cents(data.principal) + cents(data.profit));
  }
  return formatCents(cents(data.amount));
}

/** One event as staff see it; exported for its unit test. */
export function activityRecord(
  event: RecordedEvent,
  names: Map<string, string | null>,
): AdminAccountActivity['data'][number] {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const { actorId, actorRole, requestId } = event.metadata;
  return {
    id: event.id,
    type: event.type,
    amount: amountOf(data),
    bucket: text(data.bucket),
    reason: text(data.reason),
    actor: {
      id: actorId ?? null,
      role: actorRole ?? null,
      name: actorId && STAFF_ROLES.has(actorRole ?? '') ? (names.get(actorId) ?? null) : null,
    },
    requestId: requestId ?? null,
    streamPosition: event.streamPosition,
    occurredAt: event.recordedAt.toISOString(),
  };
}

/** The events of one type and recorded between `from` and `to` (inclusive); each part only when given. */
export function matchesTimeline(event: RecordedEvent, filter: TimelineQuery): boolean {
  const recordedAt = event.recordedAt.getTime();
  return (
    (filter.type === undefined || event.type === filter.type) &&
    (filter.from === undefined || recordedAt >= new Date(filter.from).getTime()) &&
    (filter.to === undefined || recordedAt <= new Date(filter.to).getTime())
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The member id a staff route's path names: one that is no uuid names no member (404, as an unknown one). */
export function memberIdOf(id: string): string {
  if (!UUID.test(id)) throw new UserNotFoundError('other');
  return id;
}

/** Refuses an id that is not a member's (404), as staff routes name members by id. */
export async function assertMember(database: Database, userId: string): Promise<void> {
  const member = await identityDatabase(database)
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role', '=', 'member')
    .executeTakeFirst();
  if (!member) throw new UserNotFoundError('other');
}

/**
 * Every event of a member's account and the security changes of their identity stream (a password changed, a
 * factor added or removed, an admin's reset...) straight from the event store, newest first by log position,
 * with who caused it: the audit view staff use, so it does not depend on a projection being up to date. Fields
 * are read by name, so event types added later show up without a change here. The timeline filter narrows it.
 */
@Injectable()
export class AdminAccountActivityQuery {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly store: EventStore,
  ) {}

  async activity(userId: string, filter: TimelineQuery = {}): Promise<AdminAccountActivity> {
    await assertMember(this.database, userId);
    const db = identityDatabase(this.database);
    const [account, identity] = await Promise.all([
      this.store.readStream(accountStreamId(userId)),
      this.store.readStream(userStreamId(userId)),
    ]);
    const events = [...account, ...identity.filter(isSecurityActivity)]
      .filter((event) => matchesTimeline(event, filter))
      .sort((a, b) =>
        a.globalPosition < b.globalPosition ? -1 : a.globalPosition > b.globalPosition ? 1 : 0,
      );
    const staffIds = [
      ...new Set(
        events
          .filter((event) => event.metadata.actorId && STAFF_ROLES.has(event.metadata.actorRole ?? ''))
          .map((event) => event.metadata.actorId!),
      ),
    ];
    const staff =
      staffIds.length === 0
        ? []
        : await db
            .selectFrom('users')
            .select(['id', 'first_name', 'last_name'])
            .where('id', 'in', staffIds)
            .execute();
    const names = new Map(
      staff.map((user) => [user.id, `${user.first_name} ${user.last_name}`.trim() || null]),
    );
    return { data: events.reverse().map((event) => activityRecord(event, names)) };
  }
}
