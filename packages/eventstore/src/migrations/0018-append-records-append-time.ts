import { sql, type Kysely, type Migration } from 'kysely';

const STREAM_LOCK_NAMESPACE = 1_280_507_905;

/**
 * append_events recorded each event at now(), the time its transaction began. Transactions that wait (an account's
 * commands queue on a lock) can begin in one order and append in the other, so a stream's later event could carry
 * an earlier time, and "as of" a moment the statement (which folds a stream up to its first event after the
 * moment) and the journal (every line up to the moment) disagreed. Events are now recorded at the time of the
 * append, under the stream's lock, and never before the stream's last event: times rise along every stream.
 */
export const recordAppendTime: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create or replace function append_events(
        p_stream_id text,
        p_expected_version integer,
        p_ids uuid[],
        p_types text[],
        p_data jsonb,
        p_metadata jsonb,
        out outcome text,
        out stream_version integer,
        out log_transaction_id xid8,
        out log_global_position bigint,
        out conflicting_event_id uuid)
      language plpgsql as $$
      declare
        v_count integer := coalesce(array_length(p_ids, 1), 0);
        v_recorded_at timestamptz;
        v_stored integer := 0;
        v_hash bytea;
        v_data jsonb;
        v_metadata jsonb;
        v_locked text;
      begin
        -- An assignment is evaluated without starting an executor (void comes out as '').
        v_locked := pg_advisory_xact_lock(${sql.lit(STREAM_LOCK_NAMESPACE)}, hashtext(p_stream_id));
        -- The time of the append, taken under the stream's lock: each event of a stream is recorded after the one
        -- before it (now() is when the transaction began, which may be before an earlier event's).
        v_recorded_at := clock_timestamp();

        if v_count = 1 then
          insert into events (stream_id, stream_position, event_id, type, data, metadata, recorded_at, hash)
          select p_stream_id, head.version + 1, p_ids[1], p_types[1], p_data -> 0,
            coalesce(p_metadata -> 0, '{}'), head.recorded_at,
            event_hash(head.hash, p_stream_id, head.version + 1, p_ids[1], p_types[1], p_data -> 0,
              coalesce(p_metadata -> 0, '{}'), head.recorded_at)
          from (
            select coalesce(max(e.stream_position), 0) as version,
              coalesce((array_agg(e.hash))[1], '\\x'::bytea) as hash,
              greatest(v_recorded_at, max(e.recorded_at)) as recorded_at
            from (select e.stream_position, e.hash, e.recorded_at from events e where e.stream_id = p_stream_id
              order by e.stream_position desc limit 1) e
          ) head
          where (p_expected_version is null or p_expected_version = head.version)
            and not exists (select from events e where e.event_id = p_ids[1])
          returning events.stream_position, events.global_position into stream_version, log_global_position;
          if found then
            outcome := 'appended';
            log_transaction_id := pg_current_xact_id();
            return;
          end if;
        end if;

        -- One probe per id: a plan for "= any(array parameter)" looks costlier generic than custom, so it
        -- would be planned anew on every call.
        for i in 1 .. v_count loop
          if exists (select from events e where e.event_id = p_ids[i]) then
            v_stored := v_stored + 1;
          end if;
        end loop;
        if v_stored > 0 then
          if (select count(*) = v_count and bool_and(e.stream_id = p_stream_id)
                from events e where e.event_id = any(p_ids)) then
            select 'already_appended', e.stream_position, e.transaction_id, e.global_position
              into outcome, stream_version, log_transaction_id, log_global_position
              from events e where e.event_id = any(p_ids)
              order by e.stream_position desc limit 1;
          else
            select 'duplicate', e.event_id into outcome, conflicting_event_id
              from events e where e.event_id = any(p_ids)
              order by e.global_position limit 1;
          end if;
          return;
        end if;

        select e.stream_position, e.hash, e.transaction_id, e.global_position,
            greatest(v_recorded_at, e.recorded_at)
          into stream_version, v_hash, log_transaction_id, log_global_position, v_recorded_at
          from events e where e.stream_id = p_stream_id
          order by e.stream_position desc limit 1;
        stream_version := coalesce(stream_version, 0);
        -- A new stream has no row: select into left the time null.
        v_recorded_at := coalesce(v_recorded_at, clock_timestamp());

        if p_expected_version is not null and p_expected_version <> stream_version then
          outcome := 'conflict';
          return;
        end if;
        outcome := 'appended';
        if v_count = 0 then
          return;
        end if;

        v_hash := coalesce(v_hash, '\\x'::bytea);
        for i in 1 .. v_count loop
          stream_version := stream_version + 1;
          v_data := p_data -> (i - 1);
          v_metadata := coalesce(p_metadata -> (i - 1), '{}');
          v_hash := event_hash(v_hash, p_stream_id, stream_version, p_ids[i], p_types[i], v_data, v_metadata,
            v_recorded_at);
          insert into events (stream_id, stream_position, event_id, type, data, metadata, recorded_at, hash)
            values (p_stream_id, stream_version, p_ids[i], p_types[i], v_data, v_metadata, v_recorded_at, v_hash)
            returning global_position into log_global_position;
        end loop;
        log_transaction_id := pg_current_xact_id();
      end $$;
    `.execute(db);
  },
};
