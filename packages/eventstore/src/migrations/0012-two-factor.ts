import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Two-step verification: authenticator app secrets (sealed with AES-256-GCM by the api, never stored in clear),
 * passkeys (WebAuthn public keys, not secret), recovery code hashes, the logins waiting for their second step
 * and the WebAuthn challenges in flight. Sessions learn the device and address they were opened from.
 */
export const createTwoFactor: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      alter table sessions add column user_agent text, add column ip text;

      -- One app per user: set up (secret shown, not yet confirmed) or enabled. last_used_step is the TOTP time
      -- step of the last code accepted; a code of that step or an earlier one is a replay.
      create table totp_factors (
        user_id uuid primary key references users (id),
        sealed_secret text not null,
        setup_started_at timestamptz not null,
        enabled_at timestamptz,
        last_used_step bigint
      );

      -- The WebAuthn user handle: random bytes, so a passkey names no e-mail or user id.
      create table webauthn_user_handles (
        user_id uuid primary key references users (id),
        handle bytea not null,
        constraint webauthn_user_handles_handle_key unique (handle)
      );

      create table webauthn_credentials (
        id text primary key,
        user_id uuid not null references users (id),
        public_key bytea not null,
        counter bigint not null check (counter >= 0),
        transports text[] not null,
        device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
        backed_up boolean not null,
        name text not null,
        created_at timestamptz not null,
        last_used_at timestamptz
      );
      create index webauthn_credentials_by_user on webauthn_credentials (user_id);

      create table recovery_codes (
        user_id uuid not null references users (id),
        code_hash bytea not null,
        created_at timestamptz not null,
        used_at timestamptz,
        primary key (user_id, code_hash)
      );

      -- A right password of an account with a second factor: the cookie's token (stored as its sha256) lets
      -- the second step finish the login until it expires or is used.
      create table pending_logins (
        token_hash bytea primary key,
        user_id uuid not null references users (id),
        audience text not null check (audience in ('member', 'admin')),
        persistent boolean not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        consumed_at timestamptz
      );
      create index pending_logins_by_expiry on pending_logins (expires_at);

      -- A challenge waits under "<purpose>:<owner>" (a session, a pending login, a browser) until one answer
      -- uses it up or it expires.
      create table webauthn_challenges (
        key text primary key,
        challenge text not null,
        user_id uuid references users (id),
        issued_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index webauthn_challenges_by_expiry on webauthn_challenges (expires_at);
    `.execute(db);
  },
};
