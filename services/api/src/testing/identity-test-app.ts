import { expect } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { MailJob, MailTemplateName } from '@ledgerstone/contracts';
import { positionSeal } from '@ledgerstone/process-kit';
import {
  createTestDatabase,
  EventStore,
  testRedisPrefix,
  type RecordedEvent,
  type TestDatabase,
} from '@ledgerstone/eventstore';
import { Redis } from 'ioredis';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { createApp } from '../app.js';
import { loadConfig } from '../shared/config/config.js';
import { MAIL_QUEUE, type MailQueue } from '../shared/infrastructure/infrastructure.tokens.js';
import { PasswordHasher } from '../identity/index.js';
import { StaffAccounts, type StaffRole } from '../identity/index.js';
import { IdentityEventLog } from '../identity/index.js';
import { identityDatabase, type IdentityDatabase } from '../identity/index.js';
import { newTotpSecret, totpCodeAt } from '../identity/index.js';
import type { ApiConfig } from '../shared/config/config.js';
import { API_CONFIG } from '../shared/infrastructure/infrastructure.tokens.js';
import { FakeClock } from '../shared/testing/fake-clock.js';

export const PUBLIC_URL = 'http://ledgerstone.test';
/** A log position as the api answers with it: sealed (see positionSeal). */
export const SEALED_POSITION = /^[A-Za-z0-9_-]{92}$/;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface IdentityTestApp {
  app: NestExpressApplication;
  clock: FakeClock;
  db: IdentityDatabase;
  databaseUrl: string;
  redisPrefix: string;
  smtpUrl: string;
  /** A browser: keeps its cookies and sends the header every state-changing call needs. */
  browser(): TestAgent;
  /** A client that sends nothing but what the test sets. */
  bare(): TestAgent;
  /** Mail jobs on the queue, oldest first. */
  mailJobs(): Promise<{ id: string; mail: MailJob }[]>;
  /** The newest mail job of `template` to `to`; fails when there is none. */
  lastMail<T extends MailTemplateName>(template: T, to: string): Promise<Extract<MailJob, { template: T }>>;
  events(userId: string): Promise<RecordedEvent[]>;
  /** The plain "<transactionId>:<globalPosition>" of a position an answer gave; fails for anything else. */
  openPosition(token: string): string;
  /** A plain position as the api would answer with it. */
  sealPosition(position: string): string;
  close(): Promise<void>;
}

/** The real api on a database and Redis prefix of its own, with a fake clock; `env` adds settings. */
export async function startIdentityTestApp(
  label: string,
  env: Record<string, string> = {},
): Promise<IdentityTestApp> {
  const database = await createTestDatabase(label);
  const redisPrefix = testRedisPrefix(label);
  const clock = new FakeClock();
  const smtpUrl = env.SMTP_URL ?? 'smtp://127.0.0.1:1';
  const config = loadConfig({
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: smtpUrl,
    PUBLIC_URL,
    LOG_LEVEL: 'fatal',
    ...env,
  });
  const app = await createApp(config, { clock });
  const seal = positionSeal(config.cookieSecret);
  const server = app.getHttpServer();
  const queue = app.get<MailQueue>(MAIL_QUEUE);
  const store = app.get(EventStore);

  async function mailJobs() {
    const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    return jobs
      .sort((first, second) => first.timestamp - second.timestamp)
      .map((job) => ({ id: job.id ?? '', mail: job.data }));
  }

  return {
    app,
    clock,
    db: identityDatabase(database.db as TestDatabase<unknown>['db']),
    databaseUrl: database.url,
    redisPrefix,
    smtpUrl,
    browser: () => request.agent(server).set('X-Requested-With', 'XMLHttpRequest'),
    bare: () => request.agent(server),
    mailJobs,
    async lastMail(template, to) {
      const found = (await mailJobs())
        .map((job) => job.mail)
        .filter((mail) => mail.template === template && mail.to === to)
        .at(-1);
      if (!found) throw new Error(`No ${template} mail to ${to} on the queue`);
      return found as Extract<MailJob, { template: typeof template }>;
    },
    events: (userId) => store.readStream(`user-${userId}`),
    sealPosition: (position) => seal.seal(position),
    openPosition(token) {
      const position = seal.open(token);
      if (position === null) throw new Error(`not a position the api gave: ${token}`);
      return position;
    },
    async close() {
      await app.close();
      await dropRedisKeys(redisPrefix);
      await database.drop();
    },
  };
}

async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

export interface SignupDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  referralCode?: string;
}

let signups = 0;

/** The password of every test member (unless a test gives another) and of every test staff account. */
export const MEMBER_PASSWORD = 'analytical engine 1843';
export const STAFF_PASSWORD = 'staff passphrase 2026';

/** Valid signup details with an address no other signup of this process uses. */
export function member(overrides: Partial<SignupDetails> = {}): SignupDetails {
  signups += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${signups}.${process.pid}@example.test`,
    phoneNumber: '+44 20 7946 0000',
    password: MEMBER_PASSWORD,
    ...overrides,
  };
}

/** Signs up and verifies through the api, as a member would, in `browser` (a fresh one by default). */
export async function activeMember(
  testApp: IdentityTestApp,
  overrides: Partial<SignupDetails> = {},
  browser: TestAgent = testApp.browser(),
): Promise<SignupDetails & { userId: string }> {
  const details = member(overrides);
  await browser.post('/api/user').send(details).expect(201);
  const { data } = await testApp.lastMail('verification-code', details.email);
  await browser.patch('/api/user/verify').send({ verifyCode: data.code }).expect(200);
  const { id } = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', details.email)
    .executeTakeFirstOrThrow();
  return { ...details, userId: id };
}

/** A browser signed in as the member. */
export async function signedIn(
  testApp: IdentityTestApp,
  details: { email: string; password: string },
  rememberMe = false,
): Promise<TestAgent> {
  const browser = testApp.browser();
  await browser
    .post('/api/user/login')
    .send({ email: details.email, password: details.password, rememberMe })
    .expect(200, { status: 'Login successful', message: 'Login successful', verificationRequired: false });
  return browser;
}

let staff = 0;

export interface StaffMember {
  browser: TestAgent;
  userId: string;
  email: string;
  password: string;
  /** The base32 secret of the staff member's authenticator app. */
  totpSecret: string;
}

const TOTP_STEP_MS = 30_000;
/** The last time step of each staff member's app the harness sent a code of: a code passes once. */
const lastStepSent = new Map<string, number>();

/**
 * A code of the staff member's app the api has not seen yet, at the test clock's time: the current step's, or the
 * one before or after (the api accepts the three) when an earlier login of the test used it.
 */
export function nextTotpCode(
  testApp: IdentityTestApp,
  member: { userId: string; totpSecret: string },
): string {
  const current = Math.floor(testApp.clock.now().getTime() / TOTP_STEP_MS);
  const step = Math.max((lastStepSent.get(member.userId) ?? -Infinity) + 1, current - 1);
  if (step > current + 1) {
    throw new Error(
      'More than three staff logins in one 30-second step of the test clock: advance the clock',
    );
  }
  lastStepSent.set(member.userId, step);
  return totpCodeAt(member.totpSecret, new Date(step * TOTP_STEP_MS));
}

function staffAccounts(testApp: IdentityTestApp): StaffAccounts {
  return new StaffAccounts(testApp.db, testApp.app.get(PasswordHasher), testApp.app.get(IdentityEventLog));
}

/** Logs the staff member in, both steps (password, then an app's code), in `browser`; the last step's answer. */
export async function staffLogIn(
  testApp: IdentityTestApp,
  member: Omit<StaffMember, 'browser'>,
  browser: TestAgent = testApp.browser(),
): Promise<request.Response> {
  const first = await browser
    .post('/api/admin/login')
    .send({ email: member.email, password: member.password })
    .expect(200)
    .expect((response) => expect(response.body.twoFactorRequired).toBe(true));
  return browser
    .post('/api/admin/login/two-factor')
    .set('Cookie', pendingLoginCookie(first))
    .send({ code: nextTotpCode(testApp, member) });
}

/**
 * The pending-login cookie a login answered with, as a Cookie header: sent by hand, since the test agent keeps
 * Secure cookies (production mode) off plain HTTP.
 */
export function pendingLoginCookie(response: request.Response): string {
  const cookies = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const cookie = cookies.find((candidate) => candidate.startsWith('ls_pending_login='));
  if (!cookie) throw new Error('The login set no pending-login cookie');
  return cookie.split(';')[0] ?? '';
}

/**
 * An admin or auditor account, created the way the staff CLI creates one but with the authenticator app already
 * set up (staff must have a second factor), signed in at the admin login with its code.
 */
export async function staffSignedIn(testApp: IdentityTestApp, role: StaffRole): Promise<StaffMember> {
  staff += 1;
  const email = `${role}.${staff}.${process.pid}@example.test`;
  const password = STAFF_PASSWORD;
  const totpSecret = newTotpSecret();
  const userId = await staffAccounts(testApp).createWithAuthenticator(
    { role, email, firstName: 'Grace', lastName: 'Hopper', password },
    testApp.clock.now(),
    { secret: totpSecret, twoFactorKey: testApp.app.get<ApiConfig>(API_CONFIG).twoFactorKey },
  );
  const browser = testApp.browser();
  const member = { userId, email, password, totpSecret };
  const signedIn = await staffLogIn(testApp, member, browser);
  expect({ status: signedIn.status, body: signedIn.body }).toEqual({
    status: 200,
    body: { status: 'Login successful', message: 'Login successful' },
  });
  return { browser, ...member };
}

/** A staff account as operators create one (`npm run staff:create`): no second factor yet; signed in. */
export async function staffWithoutSecondFactor(
  testApp: IdentityTestApp,
  role: StaffRole,
): Promise<Omit<StaffMember, 'totpSecret'>> {
  staff += 1;
  const email = `${role}.${staff}.${process.pid}@example.test`;
  const password = STAFF_PASSWORD;
  const userId = await staffAccounts(testApp).create(
    { role, email, firstName: 'Grace', lastName: 'Hopper', password },
    testApp.clock.now(),
  );
  const browser = testApp.browser();
  await browser.post('/api/admin/login').send({ email, password }).expect(200, {
    status: 'Login successful',
    message: 'Login successful',
    twoFactorSetupRequired: true,
  });
  return { browser, userId, email, password };
}
