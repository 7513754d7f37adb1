import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { MAIL_QUEUE, mailJobOptions, type MailJob } from '@ledgerstone/contracts';
import { testRedisPrefix } from '@ledgerstone/eventstore';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startMailWorker, type MailWorker } from './mail-worker.js';
import { startSmtpInbox, type SmtpInbox } from './testing/smtp-inbox.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('mail worker', () => {
  const prefix = testRedisPrefix('mailer');
  let inbox: SmtpInbox;
  let worker: MailWorker;
  let queue: Queue;
  let events: QueueEvents;
  const connections: Redis[] = [];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    const config = loadConfig({
      REDIS_URL,
      REDIS_PREFIX: prefix,
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Ledgerstone <no-reply@ledgerstone.test>',
    });
    worker = startMailWorker(config, createLogger('fatal'));
    await worker.ready;
    const [queueConnection, eventsConnection] = [
      new Redis(REDIS_URL),
      new Redis(REDIS_URL, { maxRetriesPerRequest: null }),
    ];
    connections.push(queueConnection, eventsConnection);
    queue = new Queue(MAIL_QUEUE, { connection: queueConnection, prefix, defaultJobOptions: mailJobOptions });
    events = new QueueEvents(MAIL_QUEUE, { connection: eventsConnection, prefix });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await worker?.close();
    await events?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    await Promise.all(connections.map((connection) => connection.quit()));
    await inbox?.close();
  });

  it('sends a verification code mail to the recipient', async () => {
    const mail: MailJob = {
      template: 'verification-code',
      to: 'ada@example.test',
      data: { firstName: 'Ada', code: '042917', minutes: 10 },
    };
    const job = await queue.add(mail.template, mail, { jobId: 'verification-1' });

    const result: unknown = await job.waitUntilFinished(events, 10_000);
    const received = await inbox.next();

    expect(result).toEqual({ messageId: '<verification-1@ledgerstone.test>' });
    expect(received.messageId).toBe('verification-1@ledgerstone.test');
    expect(received.from).toBe('no-reply@ledgerstone.test');
    expect(received.to).toEqual(['ada@example.test']);
    expect(received.subject).toBe('Your Ledgerstone verification code');
    expect(received.text).toContain('Hello Ada,');
    expect(received.text).toContain('Your Ledgerstone verification code is 042917.');
    expect(received.text).toContain('It is valid for 10 minutes and can be used once.');
    expect(received.html).toContain('042917');
    // Sent: the job Redis keeps for a week no longer holds the code.
    expect((await Job.fromId(queue, 'verification-1'))?.data.data).toEqual({
      firstName: 'Ada',
      code: '[sent]',
      minutes: 10,
    });
  });

  it('sends a name outside ASCII as it was written', async () => {
    const mail: MailJob = {
      template: 'verification-code',
      to: 'zoe@example.test',
      data: { firstName: 'Zoë 😀 Ōtsuka', code: '318204', minutes: 10 },
    };
    const job = await queue.add(mail.template, mail, { jobId: 'verification-2' });

    await job.waitUntilFinished(events, 10_000);
    const received = await inbox.next();

    expect(received.to).toEqual(['zoe@example.test']);
    expect(received.text).toContain('Hello Zoë 😀 Ōtsuka,');
    expect(received.html).toContain('Zoë 😀 Ōtsuka');
  });

  it('keeps no reset link in a sent job, and no code in one that failed for good', async () => {
    const reset: MailJob = {
      template: 'password-reset',
      to: 'ada@example.test',
      data: { firstName: 'Ada', resetUrl: 'https://x.test/reset-password/secret-token', minutes: 30 },
    };
    const sent = await queue.add(reset.template, reset, { jobId: 'reset-1' });
    await sent.waitUntilFinished(events, 10_000);
    expect((await inbox.next()).text).toContain('https://x.test/reset-password/secret-token');
    expect((await Job.fromId(queue, 'reset-1'))?.data.data).toEqual({
      firstName: 'Ada',
      resetUrl: '[sent]',
      minutes: 30,
    });

    const unsendable = await queue.add('newsletter', {
      template: 'newsletter',
      to: 'ada@example.test',
      data: { code: '042917' },
    });
    await expect(unsendable.waitUntilFinished(events, 10_000)).rejects.toThrow('Unknown mail template');
    const deadline = Date.now() + 5_000;
    let data: unknown;
    do {
      data = (await Job.fromId(queue, unsendable.id ?? ''))?.data.data;
      if ((data as { code?: string }).code === '[sent]') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (Date.now() < deadline);
    expect(data).toEqual({ code: '[sent]' });
  });

  it('fails a job with an unknown template at once, without retries and without sending', async () => {
    const sentBefore = inbox.received.length;
    const job = await queue.add('newsletter', { template: 'newsletter', to: 'ada@example.test', data: {} });

    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow('Unknown mail template "newsletter"');

    const stored = await Job.fromId(queue, job.id ?? '');
    expect(await stored?.getState()).toBe('failed');
    expect(stored?.attemptsMade).toBe(1);
    expect(stored?.opts.attempts).toBe(5);
    expect(inbox.received).toHaveLength(sentBefore);
  });
});
