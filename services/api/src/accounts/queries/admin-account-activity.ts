import { Inject, Injectable } from '@nestjs/common';
import type { AdminAccountActivity, TimelinePageQuery } from '@ledgerstone/contracts';
import type { RecordedEvent } from '@ledgerstone/eventstore';
import { accountStreamId, formatCents, securityEventTypes, userStreamId } from '@ledgerstone/ledger';
import { sql } from 'kysely';
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

/** An event as the timeline reads it from the log. */
type TimelineEvent = Pick<
  RecordedEvent,
  'id' | 'type' | 'data' | 'metadata' | 'streamPosition' | 'recordedAt'
>;

/** One event as staff see it; exported for its unit test. */
export function activityRecord(
  event: TimelineEvent,
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
 * are read by name, so event types added later show up without a change here. The timeline filter narrows it,
 * and the page asked for is read by the server, with how many events the filter finds in all pages.
 */
@Injectable()
export class AdminAccountActivityQuery {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async activity(userId: string, query: TimelinePageQuery = { page: 1 }): Promise<AdminAccountActivity> {
    await assertMember(this.database, userId);
    const { type, from, to, page, pageSize } = query;
    // Recorded times are kept to the microsecond, and compared as the answer shows them: to the millisecond.
    const recordedAt = sql`date_trunc('milliseconds', recorded_at)`;
    // The identity stream's part is isSecurityActivity's rule, in SQL so the server pages and counts it.
    const pageFrom = (after: number) =>
      sql<TimelineRow>`
      select event_id as id, type, data, metadata, stream_position as "streamPosition",
        recorded_at as "recordedAt", count(1) over () as total
      from events
      where (
          stream_id = ${accountStreamId(userId)}
          or (stream_id = ${userStreamId(userId)} and type = any(${securityEventTypes}::text[])
            and (type <> 'SessionEnded' or data->>'reason' = 'signed-out-elsewhere'))
        )
        ${type === undefined ? sql`` : sql`and type = ${type}`}
        ${from === undefined ? sql`` : sql`and ${recordedAt} >= ${new Date(from)}`}
        ${to === undefined ? sql`` : sql`and ${recordedAt} <= ${new Date(to)}`}
      order by global_position desc
      ${pageSize === undefined ? sql`` : sql`limit ${pageSize} offset ${after}`}
    `.execute(this.database);
    const after = pageSize === undefined ? 0 : (page - 1) * pageSize;
    const { rows: events } = await pageFrom(after);
    // A page past the last holds no row to carry the count: the first page's rows do.
    const counted = events.length > 0 || after === 0 ? events : (await pageFrom(0)).rows;
    const total = counted.length > 0 ? Number(counted[0]!.total) : 0;
    const names = await this.staffNames(events);
    return { data: events.map((event) => activityRecord(event, names)), total };
  }

  /** The names of the staff members who caused any of the events. */
  private async staffNames(events: readonly TimelineEvent[]): Promise<Map<string, string | null>> {
    const staffIds = [
      ...new Set(
        events
          .filter((event) => event.metadata.actorId && STAFF_ROLES.has(event.metadata.actorRole ?? ''))
          .map((event) => event.metadata.actorId!),
      ),
    ];
    if (staffIds.length === 0) return new Map();
    const staff = await identityDatabase(this.database)
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', staffIds)
      .execute();
    return new Map(staff.map((user) => [user.id, `${user.first_name} ${user.last_name}`.trim() || null]));
  }
}

interface TimelineRow extends TimelineEvent {
  total: string;
}
