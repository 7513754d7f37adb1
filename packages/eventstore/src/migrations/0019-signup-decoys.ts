import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A signup with an address that already has a verified account is answered as a new one. Signing in afterwards
 * with the password that signup gave must then also answer as for a new, unverified account, so each such
 * address keeps the first such signup's password as a keyed MAC (a server secret keys it; see the identity
 * context's signup decoys) and the id its verification ticket names. Kept as long as an unverified account is,
 * and removed with the address: when an account is opened with it, or the account closed.
 */
export const createSignupDecoys: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table signup_decoys (
        -- lower-cased, as users_email_key compares addresses
        email text primary key,
        decoy_user_id uuid not null unique,
        password_mac bytea not null,
        created_at timestamptz not null,
        last_signed_in_at timestamptz
      )
    `.execute(db);
  },
};
