import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MailJob } from '@ledgerstone/contracts';
import { createTestDatabase, type TestDatabase } from '@ledgerstone/eventstore';
import { readLockLink } from '@ledgerstone/process-kit';
import { sql, type Transaction } from 'kysely';
import type { ApiConfig } from '../../shared/config/config.js';
import type { MailOutbox } from '../../shared/infrastructure/mail-outbox.js';
import type { IdentityTables } from '../persistence/identity.tables.js';
import { IdentityMail } from './identity-mail.js';

const config = {
  publicUrl: 'http://ledgerstone.test/',
  accountLinkKey: 'identity-mail-test-account-link-key-32',
} as ApiConfig;
/** The outbox's row is its own concern; here only the job it is given matters. */
const outbox = {
  record: (_trx: unknown, jobId: string, job: MailJob) => Promise.resolve({ jobId, job }),
} as unknown as MailOutbox;
const mail = new IdentityMail(outbox, config);

let database: TestDatabase<IdentityTables>;

beforeAll(async () => {
  database = await createTestDatabase<IdentityTables>('identity_mail');
});

afterAll(async () => {
  await database?.drop();
});

async function addUser(role: 'member' | 'admin'): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `User.${id}@Example.test`;
  await sql`
    insert into users (id, email, first_name, last_name, password_hash, role, status, referral_code, created_at)
    values (${id}, ${email}, 'Ada', 'Lovelace', 'x', ${role}, 'active', ${id.slice(0, 8)}, now())
  `.execute(database.db);
  return { id, email };
}

const at = new Date('2026-03-02T10:04:00.000Z');
const change = {
  kind: 'passkey-added' as const,
  passkeyName: 'Work laptop',
  at,
  device: 'Chrome',
  ip: '203.0.113.7',
  changedBy: 'user' as const,
};

function securityChange(
  to: string,
  audience: 'member' | 'admin',
  cause: Parameters<IdentityMail['securityChange']>[5],
) {
  return database.db
    .transaction()
    .execute((trx: Transaction<IdentityTables>) =>
      mail.securityChange(trx, to, 'Ada', change, audience, cause),
    );
}

describe('security change mails', () => {
  it('give a member a lock link for the event that caused the mail, signed for 24 hours from the change', async () => {
    const member = await addUser('member');
    const eventId = randomUUID();

    const { jobId, job } = await securityChange(member.email, 'member', {
      eventId,
      eventType: 'SecondFactorAdded',
      requestId: 'req-1',
    });

    expect(jobId).toBe(eventId);
    expect(job).toMatchObject({
      template: 'security-change',
      to: member.email,
      data: {
        securityUrl: 'http://ledgerstone.test/dashboard/security',
        lockUrl: expect.stringMatching(/^http:\/\/ledgerstone\.test\/lock-account\?token=[^&]+$/),
      },
    });
    const lockUrl = new URL((job.data as { lockUrl: string }).lockUrl);
    expect(readLockLink(config.accountLinkKey, lockUrl.searchParams.get('token') ?? '')).toEqual({
      userId: member.id,
      linkId: eventId,
      expiresAt: new Date('2026-03-03T10:04:00.000Z'),
    });
  });

  it('sign the same link when the same event is mailed again', async () => {
    const member = await addUser('member');
    const cause = { eventId: randomUUID(), eventType: 'SecondFactorAdded' as const, requestId: 'req-2' };

    const [first, again] = [
      await securityChange(member.email, 'member', cause),
      await securityChange(member.email, 'member', cause),
    ];

    expect(again.job.data).toEqual(first.job.data);
  });

  it('carry no lock link for staff, who have no account to lock', async () => {
    const admin = await addUser('admin');

    const { job } = await securityChange(admin.email, 'admin', {
      eventId: randomUUID(),
      eventType: 'SecondFactorAdded',
      requestId: 'req-3',
    });

    expect(job.data).not.toHaveProperty('lockUrl');
    expect(job.data).toMatchObject({ securityUrl: 'http://ledgerstone.test/admin-dashboard/security' });
  });
});

describe('password changed mails', () => {
  it('give a member a lock link for the change, and staff none', async () => {
    const [member, admin] = [await addUser('member'), await addUser('admin')];
    const changed = (to: string, audience: 'member' | 'admin', eventId: string) =>
      database.db.transaction().execute((trx: Transaction<IdentityTables>) =>
        mail.passwordChanged(trx, to, 'Ada', at, audience, {
          eventId,
          eventType: 'PasswordChanged',
          requestId: 'req-4',
        }),
      );
    const eventId = randomUUID();

    const { job } = await changed(member.email, 'member', eventId);
    const lockUrl = new URL((job.data as { lockUrl: string }).lockUrl);
    expect(readLockLink(config.accountLinkKey, lockUrl.searchParams.get('token') ?? '')).toEqual({
      userId: member.id,
      linkId: eventId,
      expiresAt: new Date('2026-03-03T10:04:00.000Z'),
    });
    expect((await changed(admin.email, 'admin', randomUUID())).job.data).not.toHaveProperty('lockUrl');
  });
});
