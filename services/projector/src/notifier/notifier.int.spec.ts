import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MAIL_QUEUE, type MailJob } from '@ledgerstone/contracts';
import {
  createTestDatabase,
  testRedisPrefix,
  type RecordedEvent,
  type TestDatabase,
} from '@ledgerstone/eventstore';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { readLockLink } from '@ledgerstone/process-kit';
import { EventLog, memberEvents } from '@ledgerstone/read-models/testing';
import { createNotifier } from './notifier.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase<unknown>;
let redis: Redis;
let queue: Queue<MailJob>;
let prefix: string;
let notifier: ReturnType<typeof createNotifier>;
const log = new EventLog();
const links = {
  publicUrl: 'http://ledgerstone.test',
  accountLinkKey: 'notifier-test-account-link-key-32-chars',
};
const lockUrl = expect.stringMatching(/^http:\/\/ledgerstone\.test\/lock-account\?token=[^&]+$/);

beforeAll(async () => {
  database = await createTestDatabase('projector_notifier');
  prefix = testRedisPrefix('projector_notifier');
  redis = new Redis(REDIS_URL);
  queue = new Queue<MailJob>(MAIL_QUEUE, { connection: redis, prefix });
  notifier = createNotifier(queue, links);
  await notifier.createTables(database.db);
});

afterAll(async () => {
  await queue?.obliterate({ force: true });
  await queue?.close();
  await redis?.quit();
  await database?.drop();
});

async function addUser(status: 'active' | 'closed'): Promise<{ id: string; email: string | null }> {
  const id = randomUUID();
  const email = status === 'closed' ? null : `member.${id}@example.test`;
  await sql`
    insert into users (id, email, first_name, last_name, password_hash, role, status, referral_code, created_at)
    values (${id}, ${email}, ${status === 'closed' ? '' : 'Ada'}, 'Lovelace', 'x', 'member', ${status},
      ${id.slice(0, 8)}, now())
  `.execute(database.db);
  return { id, email };
}

async function deliver(events: RecordedEvent[]): Promise<void> {
  await database.db.transaction().execute((trx) => notifier.apply(trx, events));
}

async function jobsFor(email: string | null) {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.filter((job) => job.data.to === email).sort((a, b) => a.timestamp - b.timestamp);
}

describe('notifier', () => {
  it('queues one mail per account event, keyed by the event id, to the address of the moment', async () => {
    const user = await addUser('active');
    const member = memberEvents(log, user.id);
    const [depositId, rejectedDeposit, withdrawalId, rejectedWithdrawal] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const events = [
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
      member.depositRequested(rejectedDeposit, '500'),
      member.depositRejected(rejectedDeposit, '500', 'Blurred proof'),
      member.withdrawalRequested(withdrawalId, '1000'),
      member.withdrawalPaid(withdrawalId, '1000', 'balance', 'tx-7'),
      member.withdrawalRequested(rejectedWithdrawal, '2000'),
      member.withdrawalRejected(rejectedWithdrawal, '2000', 'balance', 'Bad address'),
      member.adjusted('available', '-2500', 'Fee correction'),
    ];

    await deliver(events);

    const jobs = await jobsFor(user.email);
    expect(jobs.map((job) => job.id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(jobs.map((job) => job.data.origin)).toEqual(
      jobs.map((job) => ({ eventId: job.id, eventType: events.find((event) => event.id === job.id)?.type })),
    );
    const byId = new Map(jobs.map(({ id, data: { origin: _origin, ...mail } }) => [id, mail]));
    const firstName = 'Ada';
    const to = user.email;
    expect(events.map((event) => byId.get(event.id))).toEqual([
      { template: 'deposit-received', to, data: { firstName, amount: '1500.00', planName: 'Gold' } },
      { template: 'deposit-confirmed', to, data: { firstName, amount: '1500.00' } },
      { template: 'deposit-received', to, data: { firstName, amount: '5.00', planName: 'Gold' } },
      { template: 'deposit-rejected', to, data: { firstName, amount: '5.00', reason: 'Blurred proof' } },
      { template: 'withdrawal-requested', to, data: { firstName, amount: '10.00', lockUrl } },
      { template: 'withdrawal-paid', to, data: { firstName, amount: '10.00', payoutReference: 'tx-7' } },
      { template: 'withdrawal-requested', to, data: { firstName, amount: '20.00', lockUrl } },
      { template: 'withdrawal-rejected', to, data: { firstName, amount: '20.00', reason: 'Bad address' } },
      {
        template: 'balance-adjusted',
        to,
        data: { firstName, amount: '-25.00', bucket: 'available', reason: 'Fee correction' },
      },
    ]);
    expect(jobs[0]?.opts.attempts).toBe(5);
  });

  it("signs each withdrawal request's lock link for its event, the same when the event comes again", async () => {
    const user = await addUser('active');
    const requested = memberEvents(log, user.id).withdrawalRequested(randomUUID(), '1000');
    await deliver([requested]);
    const first = await queue.getJob(requested.id);
    await sql`delete from notifier_deliveries where event_id = ${requested.id}`.execute(database.db);
    await queue.remove(requested.id);

    await deliver([requested]);

    const again = await queue.getJob(requested.id);
    const url = (again?.data.data as { lockUrl?: string }).lockUrl ?? '';
    expect(url).toBe((first?.data.data as { lockUrl?: string }).lockUrl);
    expect(readLockLink(links.accountLinkKey, new URL(url).searchParams.get('token') ?? '')).toEqual({
      userId: user.id,
      linkId: requested.id,
      expiresAt: new Date(requested.recordedAt.getTime() + 24 * 3_600_000),
    });
  });

  it('mails the maturity of an investment, and nothing for each day it accrued', async () => {
    const user = await addUser('active');
    const investmentId = randomUUID();
    const accrued = log.account('ProfitAccrued', {
      userId: user.id,
      investmentId,
      day: '2026-12-21',
      amount: '2500',
    });
    const matured = log.account('InvestmentMatured', {
      userId: user.id,
      investmentId,
      maturedOn: '2026-12-21',
      principal: '150000',
      profit: '75000',
    });

    await deliver([accrued, matured]);

    const jobs = await jobsFor(user.email);
    expect(jobs.map((job) => ({ id: job.id, mail: job.data }))).toEqual([
      {
        id: matured.id,
        mail: {
          template: 'investment-matured',
          to: user.email,
          data: { firstName: 'Ada', principal: '1500.00', profit: '750.00' },
          origin: { eventId: matured.id, eventType: 'InvestmentMatured' },
        },
      },
    ]);
  });

  it("names the job's origin: the event, its type and the request that appended it", async () => {
    const user = await addUser('active');
    const requestId = randomUUID();
    const adjusted = {
      ...memberEvents(log, user.id).adjusted('available', '100', 'Goodwill'),
      metadata: { actorId: randomUUID(), actorRole: 'admin' as const, requestId },
    };

    await deliver([adjusted]);

    expect((await queue.getJob(adjusted.id))?.data.origin).toEqual({
      eventId: adjusted.id,
      eventType: 'BalanceAdjusted',
      requestId,
    });
  });

  it('queues exactly one job per event when a batch is delivered twice', async () => {
    const user = await addUser('active');
    const member = memberEvents(log, user.id);
    const depositId = randomUUID();
    const batch = [
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
    ];
    await deliver(batch);
    await sql`delete from notifier_deliveries`.execute(database.db);

    await deliver(batch);
    await deliver(batch);

    expect((await jobsFor(user.email)).map((job) => job.id).sort()).toEqual(batch.map((e) => e.id).sort());
  });

  it('sends nothing to a closed account', async () => {
    const user = await addUser('closed');
    const member = memberEvents(log, user.id);

    const adjusted = member.adjusted('available', '100', 'Closing balance');

    await deliver([adjusted]);

    expect(await queue.getJob(adjusted.id)).toBeUndefined();
    const { rows } = await sql`
      select count(*)::integer as n from notifier_deliveries where event_id = ${adjusted.id}
    `.execute(database.db);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
