import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { identityMessages } from '@ledgerstone/contracts';
import { sql } from 'kysely';
import { PasswordHasher } from '../../identity/index.js';
import { newReferralCode, newToken, tokenHash } from '../../identity/index.js';
import { startIdentityTestApp, type IdentityTestApp } from '../../testing/identity-test-app.js';
import { closedPort } from '../testing/backing-services.js';
import { startMailerProcess, type MailerProcess } from '../testing/mailer-process.js';
import { startProjectorProcess, type ProjectorProcess } from '../testing/projector-process.js';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const UNAVAILABLE = { message: 'Service temporarily unavailable, please try again shortly.' };

describe('the api while Redis is down', () => {
  let testApp: IdentityTestApp;
  let inbox: SmtpInbox;
  let mailer: MailerProcess | undefined;
  let projector: ProjectorProcess | undefined;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await startIdentityTestApp('redis_outage', {
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      SMTP_URL: inbox.url,
    });
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await mailer?.stop();
    await testApp?.close();
    await inbox?.close();
  });

  /** An active member, stored the way signup and verification leave one (signup itself needs Redis). */
  async function storedMember(): Promise<{ userId: string; email: string }> {
    const userId = randomUUID();
    const email = `outage.${userId}@example.test`;
    await testApp.db
      .insertInto('users')
      .values({
        id: userId,
        email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+44 20 7946 0000',
        password_hash: await testApp.app.get(PasswordHasher).hash('analytical engine 1843'),
        role: 'member',
        status: 'active',
        referral_code: newReferralCode(),
        referred_by: null,
        created_at: testApp.clock.now(),
      })
      .execute();
    return { userId, email };
  }

  it('answers 503 on a rate-limited route, quickly and without saving anything', async () => {
    const member = await storedMember();
    const started = Date.now();

    const forgot = await testApp.browser().post('/api/user/forget-pass').send({ email: member.email });
    const login = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: member.email, password: 'analytical engine 1843', rememberMe: false });

    expect([forgot.status, forgot.body]).toEqual([503, UNAVAILABLE]);
    expect([login.status, login.body]).toEqual([503, UNAVAILABLE]);
    expect(Date.now() - started).toBeLessThan(5_000);
    const links = await testApp.db
      .selectFrom('password_reset_tokens')
      .select('user_id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(links).toEqual([]);
  });

  it('keeps the mail of a change in the outbox, and the relay has it delivered once Redis is reachable', async () => {
    const member = await storedMember();
    const token = newToken();
    const now = testApp.clock.now();
    await testApp.db
      .insertInto('password_reset_tokens')
      .values({
        token_hash: tokenHash(token),
        user_id: member.userId,
        audience: 'member',
        created_at: now,
        expires_at: new Date(now.getTime() + 30 * 60_000),
      })
      .execute();

    await testApp
      .browser()
      .post(`/api/user/change/${token}`)
      .send({ password: 'difference engine 1822' })
      .expect(200, { message: identityMessages.passwordReset });

    const changedEventId = (await testApp.events(member.userId)).at(-1)?.id;
    const { rows: pending } = await sql`select * from mail_outbox`.execute(testApp.db);
    expect(pending).toEqual([
      {
        job_id: changedEventId,
        template: 'password-changed',
        recipient: member.email,
        data: expect.objectContaining({ firstName: 'Ada' }),
        origin: { eventId: changedEventId, eventType: 'PasswordChanged', requestId: expect.any(String) },
        created_at: expect.any(Date),
        enqueued_at: null,
      },
    ]);

    // The outage ends for the services: the projector's relay and the mailer reach the real Redis.
    mailer = await startMailerProcess({
      redisUrl: REDIS_URL,
      redisPrefix: testApp.redisPrefix,
      smtpUrl: inbox.url,
    });
    projector = await startProjectorProcess({
      databaseUrl: testApp.databaseUrl,
      redisUrl: REDIS_URL,
      redisPrefix: testApp.redisPrefix,
    });

    const delivered = await inbox.next(member.email, 15_000);
    expect(delivered.subject).toBe('Your Ledgerstone password was changed');
    // The relay marks the row in the transaction that queued the job, and the mailer may deliver the job before
    // that transaction commits: wait for the mark rather than read it once.
    const outbox = async () =>
      (await sql<{ enqueued_at: Date | null }>`select enqueued_at from mail_outbox`.execute(testApp.db)).rows;
    const deadline = Date.now() + 10_000;
    let relayed = await outbox();
    while (relayed.some((row) => row.enqueued_at === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      relayed = await outbox();
    }
    expect(relayed).toEqual([{ enqueued_at: expect.any(Date) }]);
  }, 60_000);
});
