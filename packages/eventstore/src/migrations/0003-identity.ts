import { sql, type Kysely, type Migration } from 'kysely';

/** Users, sessions, verification codes and password reset tokens: plain relational data, audited as events. */
export const createIdentity: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table users (
        id uuid primary key,
        -- null only once a closed account's personal data has been erased
        email text,
        first_name text not null,
        last_name text not null,
        phone text,
        password_hash text not null,
        role text not null check (role in ('member', 'admin', 'auditor')),
        status text not null check (status in ('unverified', 'active', 'closed')),
        referral_code text not null,
        referred_by uuid references users (id),
        created_at timestamptz not null,
        verified_at timestamptz,
        closed_at timestamptz,
        constraint users_referral_code_key unique (referral_code),
        constraint users_email_present check (email is not null or status = 'closed'),
        constraint users_not_own_referrer check (referred_by <> id)
      );
      create unique index users_email_key on users (lower(email));
      create index users_referred_by on users (referred_by);

      create function refuse_referrer_change() returns trigger language plpgsql as $$
      begin
        if old.referred_by is not null and new.referred_by is distinct from old.referred_by then
          raise exception 'the referrer of user % is recorded once and never changes', old.id
            using errcode = 'LSREF';
        end if;
        return new;
      end $$;
      create trigger users_referrer_set_once before update of referred_by on users
        for each row execute function refuse_referrer_change();

      create table sessions (
        id uuid primary key,
        token_hash bytea not null,
        user_id uuid not null references users (id),
        audience text not null check (audience in ('member', 'admin')),
        persistent boolean not null,
        created_at timestamptz not null,
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        ended_at timestamptz,
        ended_reason text,
        constraint sessions_token_hash_key unique (token_hash),
        constraint sessions_end_has_reason check ((ended_at is null) = (ended_reason is null))
      );
      create index sessions_open_by_user on sessions (user_id) where ended_at is null;

      -- One code per user at a time: a new code replaces the previous one.
      create table verification_codes (
        user_id uuid primary key references users (id),
        code_hash bytea not null,
        expires_at timestamptz not null,
        wrong_attempts integer not null default 0 check (wrong_attempts >= 0),
        consumed_at timestamptz,
        created_at timestamptz not null
      );

      create table password_reset_tokens (
        token_hash bytea primary key,
        user_id uuid not null references users (id),
        audience text not null check (audience in ('member', 'admin')),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        consumed_at timestamptz
      );
      create index password_reset_tokens_by_user on password_reset_tokens (user_id) where consumed_at is null;
    `.execute(db);
  },
};
