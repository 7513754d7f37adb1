import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The command side of member accounts. `account_states` caches the fold of each `account-<userId>` stream with
 * its version, written in the appending transaction; its CHECKs are the database's own backstop against a
 * bucket below zero. Proof files and payout addresses stay out of events (personal data), in their own rows.
 */
export const createAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table account_states (
        user_id uuid primary key references users (id),
        version integer not null check (version > 0),
        available bigint not null check (available >= 0),
        invested bigint not null check (invested >= 0),
        profit_locked bigint not null check (profit_locked >= 0),
        profit_unlocked bigint not null check (profit_unlocked >= 0),
        reserved bigint not null check (reserved >= 0),
        total_deposited bigint not null check (total_deposited >= 0),
        total_withdrawn bigint not null check (total_withdrawn >= 0),
        state jsonb not null,
        updated_at timestamptz not null
      );

      create table commands (
        user_id uuid not null references users (id),
        idempotency_key text not null,
        command_type text not null,
        result jsonb not null,
        created_at timestamptz not null,
        primary key (user_id, idempotency_key)
      );

      create table deposit_proofs (
        deposit_id uuid primary key,
        user_id uuid not null references users (id),
        object_key text not null unique,
        content_type text not null,
        size_bytes integer not null check (size_bytes > 0),
        -- null once the member's account is closed: a file name may name its owner
        original_name text,
        created_at timestamptz not null
      );
      create index deposit_proofs_by_user on deposit_proofs (user_id);

      create table withdrawal_destinations (
        withdrawal_id uuid primary key,
        user_id uuid not null references users (id),
        payment_method_id uuid not null,
        -- null once the member's account is closed
        wallet_address text,
        created_at timestamptz not null
      );
      create index withdrawal_destinations_by_user on withdrawal_destinations (user_id);
    `.execute(db);
  },
};
