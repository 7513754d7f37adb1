import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages, type TransactionJobs } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { MAIL_QUEUE, type MailQueue } from '../shared/infrastructure/infrastructure.tokens.js';
import {
  adjustBalancesAtCurrentVersion,
  confirmedDeposit,
  rejectWithdrawal,
  requestWithdrawal,
  startProjectorFor,
  type SignedInUser,
} from '../testing/account-steps.js';
import type { ProjectorProcess } from '../shared/testing/projector-process.js';

let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: TestAgent;
let member: SignedInUser;
let depositId: string;
let withdrawalId: string;

/** The transaction's jobs once the projector has listed it and the notifier has queued `mails` of its mails. */
async function jobsOnceQueued(path: string, mails: number): Promise<TransactionJobs> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await admin.get(path);
    const queued = (response.body as TransactionJobs).events?.filter((event) => event.job).length ?? 0;
    if (response.status === 200 && queued >= mails) return response.body as TransactionJobs;
    if (Date.now() > deadline) throw new Error(`${path} answered ${response.status} with ${queued} jobs`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('queues_transaction_jobs');
  projector = await startProjectorFor(testApp);
  admin = (await testApp.admin()).browser;
  member = await testApp.member();

  depositId = await confirmedDeposit(admin, member.browser, '1500.00');
  await adjustBalancesAtCurrentVersion(admin, member.userId, {
    available: '500.00',
    reason: 'Opening balance',
  });
  ({ withdrawalId } = await requestWithdrawal(member.browser, '100.00'));
  await rejectWithdrawal(admin, withdrawalId, 'Wrong network');
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('GET /api/admin/transactions/{type}/{id}/jobs', () => {
  it("lists a deposit's events, each with its mail job, its state and its page on the board", async () => {
    const answer = await jobsOnceQueued(`/api/admin/transactions/deposit/${depositId}/jobs`, 2);
    const events = await testApp.accountEvents(member.userId);
    const [requested, confirmed] = events.filter((event) => 'depositId' in event.data);

    expect(answer).toEqual({
      type: 'deposit',
      id: depositId,
      userId: member.userId,
      events: [
        {
          eventId: requested?.id,
          type: 'DepositRequested',
          streamPosition: 1,
          recordedAt: requested?.recordedAt.toISOString(),
          actorRole: 'member',
          requestId: requested?.metadata.requestId,
          job: {
            id: requested?.id,
            queue: 'mail',
            template: 'deposit-received',
            state: 'waiting',
            attemptsMade: 0,
            boardUrl: `/api/admin/queues/queue/mail/${requested?.id}`,
          },
        },
        {
          eventId: confirmed?.id,
          type: 'DepositConfirmed',
          streamPosition: 2,
          recordedAt: confirmed?.recordedAt.toISOString(),
          actorRole: 'admin',
          requestId: confirmed?.metadata.requestId,
          job: {
            id: confirmed?.id,
            queue: 'mail',
            template: 'deposit-confirmed',
            state: 'waiting',
            attemptsMade: 0,
            boardUrl: `/api/admin/queues/queue/mail/${confirmed?.id}`,
          },
        },
      ],
    });
  });

  it("says a mail's job is missing once Redis no longer holds it", async () => {
    const path = `/api/admin/transactions/withdrawal/${withdrawalId}/jobs`;
    const before = await jobsOnceQueued(path, 2);
    const [requested, rejected] = before.events;
    await testApp.app.get<MailQueue>(MAIL_QUEUE).remove(rejected?.eventId ?? '');

    const after = await admin.get(path).expect(200);

    expect(before.events.map((event) => [event.type, event.job?.template])).toEqual([
      ['WithdrawalRequested', 'withdrawal-requested'],
      ['WithdrawalRejected', 'withdrawal-rejected'],
    ]);
    expect(after.body.events.map((event: TransactionJobs['events'][number]) => event.job?.state)).toEqual([
      'waiting',
      'missing',
    ]);
    expect(after.body.events[1].job).toEqual({ ...rejected?.job, state: 'missing', attemptsMade: null });
    expect(requested?.job?.state).toBe('waiting');
  });

  it("opens the board's page of each job, with the job's origin in its data", async () => {
    const answer = await jobsOnceQueued(`/api/admin/transactions/deposit/${depositId}/jobs`, 2);
    const confirmed = answer.events[1];

    const page = await admin.get(confirmed?.job?.boardUrl ?? '').expect(200);
    const detail = await admin.get(`/api/admin/queues/api/queues/mail/${confirmed?.eventId}`).expect(200);

    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(detail.body.job.data.origin).toEqual({
      eventId: confirmed?.eventId,
      eventType: 'DepositConfirmed',
      requestId: confirmed?.requestId,
    });
  });

  it('lets an auditor read it, and refuses members and visitors', async () => {
    const path = `/api/admin/transactions/deposit/${depositId}/jobs`;
    const auditor = await testApp.auditor();

    await auditor.browser.get(path).expect(200);
    await member.browser.get(path).expect(403, { message: identityMessages.forbidden });
    await testApp.bare().get(path).expect(401, { message: identityMessages.notAuthenticated });
  });

  it('answers 404 for an unknown transaction, or one of the other type, and 400 for a bad type or id', async () => {
    await admin
      .get(`/api/admin/transactions/deposit/${randomUUID()}/jobs`)
      .expect(404, { message: 'Deposit not found' });
    await admin
      .get(`/api/admin/transactions/withdrawal/${depositId}/jobs`)
      .expect(404, { message: 'Withdrawal not found' });

    const bad = await admin.get('/api/admin/transactions/transfer/not-an-id/jobs').expect(400);

    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['id', 'type']);
  });
});
