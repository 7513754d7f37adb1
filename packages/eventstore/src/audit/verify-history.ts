import { sql } from 'kysely';
import { verifyHashChains } from '../hash-chain.js';
import type { AnyDatabase } from '../database.js';

export interface HistoryVerification {
  ok: boolean;
  streams: number;
  events: number;
  /**
   * One stream: the hex hash of its newest event. The whole store: the hex sha256 of every stream's
   * "id:head position:head hash" line, in stream id order. Null when there are no events.
   */
  headHash: string | null;
  brokenAt: { streamId: string; position: number; reason: string } | null;
}

interface HeadRow {
  streams: bigint;
  events: bigint;
  head_hash: string | null;
}

/** Walks the hash chains of every stream (or one) and says where the first broken link is, if any. */
export async function verifyHistory(
  db: AnyDatabase,
  options: { streamId?: string } = {},
): Promise<HistoryVerification> {
  // One snapshot for the walk and the counts, so events appended meanwhile are in both or in neither.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const report = await verifyHashChains(trx, options);
      const onlyStream = options.streamId === undefined ? sql`` : sql`where stream_id = ${options.streamId}`;
      const headHash =
        options.streamId === undefined
          ? sql`encode(sha256(convert_to(string_agg(stream_id || ':' || stream_position || ':' || encode(hash, 'hex'), E'\n' order by stream_id), 'UTF8')), 'hex')`
          : sql`encode((array_agg(hash order by stream_position desc))[1], 'hex')`;
      const { rows } = await sql<HeadRow>`
        select count(*) as streams, coalesce(sum(events), 0) as events, ${headHash} as head_hash
        from (
          select distinct on (stream_id) stream_id, stream_position, hash,
            count(*) over (partition by stream_id) as events
          from events
          ${onlyStream}
          order by stream_id, stream_position desc
        ) heads
      `.execute(trx);
      const row = rows[0];
      return {
        ok: report.ok,
        streams: Number(row?.streams ?? 0),
        events: Number(row?.events ?? 0),
        headHash: row?.head_hash ?? null,
        brokenAt: report.ok
          ? null
          : { streamId: report.streamId, position: report.streamPosition, reason: report.reason },
      };
    });
}
