import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each proof of payment's SHA-256, kept beside it, so the admins' transaction list can say which deposits came with
 * the very same file (one screenshot of one payment sent for several deposits). Proofs stored before this have
 * none and are compared with nothing.
 */
export const fingerprintDepositProofs: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table deposit_proofs add column if not exists sha256 bytea`.execute(db);
    await sql`
      create index if not exists deposit_proofs_by_sha256 on deposit_proofs (sha256) where sha256 is not null
    `.execute(db);
  },
};
