import { sql, type Kysely, type Migration } from 'kysely';

const STREAM_LOCK_NAMESPACE = 1_280_507_905;

export const createEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table events (
        global_position bigint generated always as identity primary key,
        stream_id text not null,
        stream_position integer not null check (stream_position > 0),
        event_id uuid not null,
        type text not null,
        data jsonb not null,
        metadata jsonb not null default '{}',
        recorded_at timestamptz not null default now(),
        transaction_id xid8 not null default pg_current_xact_id(),
        hash bytea not null,
        constraint events_event_id_key unique (event_id),
        constraint events_stream_position_key unique (stream_id, stream_position)
      );
      create index events_log_order on events (transaction_id, global_position);

      -- Privileges stop other roles; the triggers also stop the owner (short of disabling them).
      revoke update, delete, truncate on events from public;

      create function refuse_event_change() returns trigger language plpgsql as $$
      begin
        raise exception 'events are append-only: % refused', tg_op using errcode = 'LSAPP';
      end $$;
      create trigger events_append_only before update or delete on events
        for each row execute function refuse_event_change();
      create trigger events_no_truncate before truncate on events
        for each statement execute function refuse_event_change();
    `.execute(db);

    // The canonical content is a jsonb array: its text form is unambiguous and does not depend on session
    // settings (recorded_at enters as microseconds since the epoch, not as time-zone dependent text).
    // Declared stable, like the functions it calls, so that the planner can inline it.
    await sql`
      create function event_hash(previous bytea, stream_id text, stream_position integer, event_id uuid,
        type text, data jsonb, metadata jsonb, recorded_at timestamptz)
      returns bytea language sql stable parallel safe
      return sha256(previous || convert_to(jsonb_build_array(stream_id, stream_position, event_id, type, data,
        metadata, (extract(epoch from recorded_at) * 1000000)::bigint)::text, 'UTF8'))
    `.execute(db);

    // One call per append. The stream lock makes a concurrent writer of the same stream wait and then see the
    // winner's events, so a conflict is reported as an outcome instead of aborting the caller's transaction.
    // No NOTIFY here: it takes a database-wide lock held through the commit's WAL flush, which would serialize
    // every appending transaction; the store announces appends after commit instead.
    await sql`
      create function append_events(
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
        v_recorded_at timestamptz := now();
        v_stored integer := 0;
        v_hash bytea;
        v_data jsonb;
        v_metadata jsonb;
      begin
        perform pg_advisory_xact_lock(${sql.lit(STREAM_LOCK_NAMESPACE)}, hashtext(p_stream_id));

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

        select e.stream_position, e.hash, e.transaction_id, e.global_position
          into stream_version, v_hash, log_transaction_id, log_global_position
          from events e where e.stream_id = p_stream_id
          order by e.stream_position desc limit 1;
        stream_version := coalesce(stream_version, 0);

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
