import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';

describe('identity tables', () => {
  let database: TestDatabase<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase('identity_schema');
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function insertUser(email: string, referralCode: string, referredBy: string | null = null) {
    const id = randomUUID();
    await sql`
      insert into users (id, email, first_name, last_name, phone, password_hash, role, status, referral_code,
        referred_by, created_at)
      values (${id}, ${email}, 'Ada', 'Lovelace', '+44 20 7946 0000', 'hash', 'member', 'unverified',
        ${referralCode}, ${referredBy}, now())
    `.execute(database.db);
    return id;
  }

  it('keeps e-mail addresses unique regardless of case', async () => {
    await insertUser('ada@example.test', 'AAAA2222');

    await expect(insertUser('ADA@Example.test', 'AAAA3333')).rejects.toMatchObject({
      code: '23505',
      constraint: 'users_email_key',
    });
  });

  it('keeps referral codes unique', async () => {
    await insertUser('bo@example.test', 'BBBB2222');

    await expect(insertUser('cy@example.test', 'BBBB2222')).rejects.toMatchObject({
      constraint: 'users_referral_code_key',
    });
  });

  it('records a referrer once and never changes it', async () => {
    const referrer = await insertUser('dee@example.test', 'DDDD2222');
    const other = await insertUser('eve@example.test', 'EEEE2222');
    const referred = await insertUser('fay@example.test', 'FFFF2222', referrer);

    await expect(
      sql`update users set referred_by = ${other} where id = ${referred}`.execute(database.db),
    ).rejects.toMatchObject({ code: 'LSREF' });
    await expect(
      sql`update users set referred_by = null where id = ${referred}`.execute(database.db),
    ).rejects.toMatchObject({ code: 'LSREF' });
  });

  it('lets a user without a referrer get one later, and refuses a user as their own', async () => {
    const referrer = await insertUser('gus@example.test', 'GGGG2222');
    const user = await insertUser('hal@example.test', 'HHHH2222');

    await sql`update users set referred_by = ${referrer} where id = ${user}`.execute(database.db);
    await expect(
      sql`update users set referred_by = id where id = ${referrer}`.execute(database.db),
    ).rejects.toMatchObject({ constraint: 'users_not_own_referrer' });
  });

  it('erases an e-mail only on a closed account', async () => {
    const user = await insertUser('ida@example.test', 'IIII2222');

    await expect(
      sql`update users set email = null where id = ${user}`.execute(database.db),
    ).rejects.toMatchObject({ constraint: 'users_email_present' });
    await sql`update users set email = null, status = 'closed', closed_at = now() where id = ${user}`.execute(
      database.db,
    );
  });

  it('stores each session token hash once and an end only with its reason', async () => {
    const user = await insertUser('jo@example.test', 'JJJJ2222');
    const session = (id: string, endedAt: Date | null, reason: string | null) => sql`
      insert into sessions (id, token_hash, user_id, audience, persistent, created_at, last_seen_at, expires_at,
        ended_at, ended_reason)
      values (${id}, ${Buffer.from('same-hash')}, ${user}, 'member', false, now(), now(), now() + interval '1 hour',
        ${endedAt}, ${reason})
    `;

    await session(randomUUID(), null, null).execute(database.db);
    await expect(session(randomUUID(), null, null).execute(database.db)).rejects.toMatchObject({
      constraint: 'sessions_token_hash_key',
    });
    await expect(
      sql`update sessions set ended_at = now() where user_id = ${user}`.execute(database.db),
    ).rejects.toMatchObject({ constraint: 'sessions_end_has_reason' });
  });
});
