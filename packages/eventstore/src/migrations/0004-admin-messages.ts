import { sql, type Kysely, type Migration } from 'kysely';

/** Messages admins e-mail to users: the audit trail's event carries the ids, this table the words. */
export const createAdminMessages: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table admin_messages (
        id uuid primary key,
        admin_id uuid not null references users (id),
        user_id uuid not null references users (id),
        subject text not null,
        body text not null,
        created_at timestamptz not null
      );
      create index admin_messages_by_user on admin_messages (user_id, created_at);
    `.execute(db);
  },
};
