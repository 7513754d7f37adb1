import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A fingerprint of the request an Idempotency-Key was first used with, so that the same key sent with another
 * request is refused instead of answered with the first one's result. Null for rows written before it existed.
 */
export const addCommandRequestHash: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table commands add column request_hash text`.execute(db);
  },
};
