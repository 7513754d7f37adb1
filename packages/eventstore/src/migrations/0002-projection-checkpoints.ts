import { sql, type Kysely, type Migration } from 'kysely';

export const createProjectionCheckpoints: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table projection_checkpoints (
        name text primary key,
        transaction_id xid8 not null,
        global_position bigint not null,
        updated_at timestamptz not null default now()
      )
    `.execute(db);
  },
};
