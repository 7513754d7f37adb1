import { sql } from 'kysely';
import type { AnyDatabase } from './database.js';

export type HashChainReport =
  | { ok: true; streams: number; events: number }
  | { ok: false; streamId: string; streamPosition: number; reason: string };

interface BrokenLink {
  stream_id: string;
  stream_position: number;
  expected_position: number;
  hash_matches: boolean;
}

/**
 * Walks every stream (or one) in order, recomputing each event's hash from its stored predecessor, and
 * reports the first broken link: the first stream (by id) with a missing position or an altered event.
 */
export async function verifyHashChains(
  db: AnyDatabase,
  options: { streamId?: string } = {},
): Promise<HashChainReport> {
  const onlyStream = options.streamId === undefined ? sql`` : sql`where stream_id = ${options.streamId}`;
  const { rows: broken } = await sql<BrokenLink>`
    select stream_id, stream_position, expected_position::integer, hash_matches
    from (
      select stream_id, stream_position, row_number() over stream as expected_position,
        hash = event_hash(coalesce(lag(hash) over stream, '\\x'::bytea), stream_id, stream_position, event_id,
          type, data, metadata, recorded_at) as hash_matches
      from events
      ${onlyStream}
      window stream as (partition by stream_id order by stream_position)
    ) chain
    where stream_position <> expected_position or not hash_matches
    order by stream_id, expected_position
    limit 1
  `.execute(db);
  const link = broken[0];
  if (link) {
    if (link.stream_position !== link.expected_position) {
      return {
        ok: false,
        streamId: link.stream_id,
        streamPosition: link.expected_position,
        reason: `event at position ${link.expected_position} is missing (next stored is ${link.stream_position})`,
      };
    }
    return {
      ok: false,
      streamId: link.stream_id,
      streamPosition: link.stream_position,
      reason: 'stored hash does not match the event and the hash before it',
    };
  }
  const { rows } = await sql<{ streams: bigint; events: bigint }>`
    select count(distinct stream_id) as streams, count(*) as events from events ${onlyStream}
  `.execute(db);
  return { ok: true, streams: Number(rows[0]?.streams ?? 0), events: Number(rows[0]?.events ?? 0) };
}
