import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The origin of an outbox mail (the event, or the request, that caused it), so the job the relay queues carries
 * it like the job the api queues at once. Null for rows written before it existed.
 */
export const addMailOutboxOrigin: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table mail_outbox add column origin jsonb`.execute(db);
  },
};
