import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages } from '@ledgerstone/contracts';
import { Queue, Worker } from 'bullmq';
import { sql } from 'kysely';
import { ACCRUAL_QUEUE } from '../accounts/index.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { MAIL_QUEUE, type MailQueue } from '../shared/infrastructure/infrastructure.tokens.js';
import { depositRequest, type SignedInUser } from '../testing/account-steps.js';
import { QUEUE_STATES } from './queue-gauges.js';

const METRICS_TOKEN = 'scrape-0a9f8e7d6c5b4a3928171615141312111009';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let testApp: AccountsTestApp;
let member: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  testApp = await startAccountsTestApp('observability_metrics', { METRICS_TOKEN });
  [member, admin] = await Promise.all([testApp.member(), testApp.admin()]);
});

afterAll(async () => {
  await testApp?.close();
});

/** The exposition text, scraped with the bearer token as Prometheus would. */
async function scrape(): Promise<string> {
  const response = await testApp.bare().get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(response.status).toBe(200);
  return response.text;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value of one sample (`name{labels}`, labels in the order prom-client writes them), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const selector = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .join(',');
  const line = new RegExp(`^${escapeRegExp(`${name}{${selector}}`)} (\\S+)$`, 'm').exec(text);
  return line ? Number(line[1]) : undefined;
}

describe('GET /api/metrics access', () => {
  it('refuses a caller without a session or token: 401 with the usual error body', async () => {
    const response = await testApp.bare().get('/api/metrics');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: identityMessages.notAuthenticated });
  });

  it('refuses a wrong token (401) and a token without the Bearer scheme (401)', async () => {
    const wrong = await testApp.bare().get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}0`);
    const unscoped = await testApp.bare().get('/api/metrics').set('Authorization', METRICS_TOKEN);

    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: identityMessages.notAuthenticated });
    expect(unscoped.status).toBe(401);
  });

  it('refuses a member (403) and an auditor (403)', async () => {
    const auditor = await testApp.auditor();

    const byMember = await member.browser.get('/api/metrics');
    const byAuditor = await auditor.browser.get('/api/metrics');

    expect(byMember.status).toBe(403);
    expect(byMember.body).toEqual({ message: identityMessages.forbidden });
    expect(byAuditor.status).toBe(403);
  });

  it('answers an admin session and the bearer token with the Prometheus text format', async () => {
    const byAdmin = await admin.browser.get('/api/metrics');
    const byToken = await testApp.bare().get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);

    for (const response of [byAdmin, byToken]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toMatch(/^# TYPE ledgerstone_api_process_cpu_user_seconds_total counter$/m);
      expect(response.text).toMatch(/^# TYPE ledgerstone_api_nodejs_eventloop_lag_seconds gauge$/m);
    }
  });
});

describe('request durations', () => {
  it('are labelled with the route pattern, never the URL, and count the guard refusals too', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/admin/users/:id', status_code: '200' };
    const counted = sample(before, 'http_request_duration_seconds_count', labels) ?? 0;

    for (let call = 0; call < 3; call += 1) {
      await admin.browser.get(`/api/admin/users/${member.userId}`).expect(200);
    }
    await member.browser.get(`/api/admin/users/${member.userId}`).expect(403);
    const after = await scrape();

    expect(sample(after, 'http_request_duration_seconds_count', labels)).toBe(counted + 3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { le: '+Inf', ...labels })).toBe(
      counted + 3,
    );
    expect(
      sample(after, 'http_request_duration_seconds_count', { ...labels, status_code: '403' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(member.userId);
  });

  it('put the requests no route answers under one label', async () => {
    await testApp.bare().get('/api/no-such-route/12345').expect(404);

    const text = await scrape();

    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-route');
  });
});

describe('commands', () => {
  const count = (text: string, command: string, outcome: string) =>
    sample(text, 'ledgerstone_api_commands_total', { command, outcome }) ?? 0;

  it('counts a deposit request by outcome: ok, and rejected when the decider refuses it', async () => {
    const before = await scrape();

    await depositRequest(member.browser, '1500.00').expect(201);
    await depositRequest(member.browser, '1.00').expect(400);
    const after = await scrape();

    expect(count(after, 'RequestDepositCommand', 'ok')).toBe(
      count(before, 'RequestDepositCommand', 'ok') + 1,
    );
    expect(count(after, 'RequestDepositCommand', 'rejected')).toBe(
      count(before, 'RequestDepositCommand', 'rejected') + 1,
    );
  });

  it('counts an edit made on a stale account version as a conflict', async () => {
    const before = await scrape();

    await admin.browser
      .put(`/api/admin/users/${member.userId}/balances`)
      .send({ available: { shown: '0.00', target: '10.00' }, reason: 'Stale form', version: 99 })
      .expect(409);
    const after = await scrape();

    expect(count(after, 'AdjustBalancesCommand', 'conflict')).toBe(
      count(before, 'AdjustBalancesCommand', 'conflict') + 1,
    );
    expect(count(after, 'AdjustBalancesCommand', 'ok')).toBe(count(before, 'AdjustBalancesCommand', 'ok'));
  });
});

describe('queue gauges', () => {
  it('report each state of the mail and accrual queues as Redis holds them at scrape time', async () => {
    const accrual = new Queue(ACCRUAL_QUEUE, { connection: { url: REDIS_URL }, prefix: testApp.redisPrefix });
    try {
      await accrual.add('daily-accrual', {}, { delay: 60 * 60 * 1000 });
      // A job that fails for good: failures show in the failed state.
      const worker = new Worker(ACCRUAL_QUEUE, () => Promise.reject(new Error('the accrual run failed')), {
        connection: { url: REDIS_URL },
        prefix: testApp.redisPrefix,
        autorun: false,
      });
      const failed = new Promise((resolve) => worker.once('failed', resolve));
      await accrual.add('daily-accrual', {}, { attempts: 1 });
      void worker.run();
      await failed;
      await worker.close();
      const mailCounts = await testApp.app.get<MailQueue>(MAIL_QUEUE).getJobCounts(...QUEUE_STATES);

      const text = await scrape();

      expect(sample(text, 'ledgerstone_queue_jobs', { queue: 'accrual', state: 'delayed' })).toBe(1);
      expect(sample(text, 'ledgerstone_queue_jobs', { queue: 'accrual', state: 'waiting' })).toBe(0);
      expect(sample(text, 'ledgerstone_queue_jobs', { queue: 'accrual', state: 'failed' })).toBe(1);
      for (const state of QUEUE_STATES) {
        expect(sample(text, 'ledgerstone_queue_jobs', { queue: 'mail', state })).toBe(mailCounts[state]);
      }
    } finally {
      await accrual.obliterate({ force: true });
      await accrual.close();
    }
  });
});

describe('projection lag', () => {
  it('counts the events after each checkpoint and the age of the oldest; a caught-up projection is at 0', async () => {
    const db = testApp.db;
    const { rows: log } = await sql<{ events: string; head_transaction: string; head_position: string }>`
      select count(*) as events,
        (select transaction_id::text from events order by transaction_id desc, global_position desc limit 1) as head_transaction,
        (select global_position from events order by transaction_id desc, global_position desc limit 1) as head_position
      from events
    `.execute(db);
    const { events, head_transaction, head_position } = log[0]!;
    await sql`
      insert into projection_checkpoints (name, transaction_id, global_position)
      values ('test_from_start', '0'::xid8, 0),
        ('test_caught_up', ${head_transaction}::xid8, ${head_position})
    `.execute(db);

    const text = await scrape();

    expect(Number(events)).toBeGreaterThan(0);
    expect(sample(text, 'ledgerstone_projection_lag_events', { projection: 'test_from_start' })).toBe(
      Number(events),
    );
    expect(
      sample(text, 'ledgerstone_projection_lag_seconds', { projection: 'test_from_start' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'ledgerstone_projection_lag_events', { projection: 'test_caught_up' })).toBe(0);
    expect(sample(text, 'ledgerstone_projection_lag_seconds', { projection: 'test_caught_up' })).toBe(0);
  });
});

describe('request ids', () => {
  it('answer X-Request-Id, made by the server, and the event the request appended carries it', async () => {
    const response = await depositRequest(member.browser, '1200.00')
      .set('X-Request-Id', 'chosen-by-the-client')
      .expect(201);

    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const events = await testApp.accountEvents(member.userId);
    const requested = events.find(
      (event) =>
        event.type === 'DepositRequested' &&
        (event.data as { depositId: string }).depositId === response.body.depositId,
    );
    expect(requested?.metadata).toMatchObject({ requestId, correlationId: requestId });
  });

  it('differ from request to request and are on refusals too', async () => {
    const first = await testApp.bare().get('/api/metrics');
    const second = await testApp.bare().get('/api/health/live');

    expect(first.status).toBe(401);
    expect(first.headers['x-request-id']).toEqual(expect.any(String));
    expect(second.headers['x-request-id']).toEqual(expect.any(String));
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
