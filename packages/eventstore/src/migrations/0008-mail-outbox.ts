import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Mail waiting for the mail queue. The api writes a row in the transaction of the change that causes the mail,
 * so a Redis outage at commit time delays the mail instead of losing it; the projector's relay moves pending
 * rows to the queue. The job id names the BullMQ job, so adding a row's job twice sends it once.
 */
export const createMailOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table mail_outbox (
        job_id uuid primary key,
        template text not null,
        recipient text not null,
        data jsonb not null,
        created_at timestamptz not null default now(),
        enqueued_at timestamptz
      );
      create index mail_outbox_pending on mail_outbox (created_at) where enqueued_at is null;
      create index mail_outbox_enqueued on mail_outbox (enqueued_at) where enqueued_at is not null;
    `.execute(db);
  },
};
