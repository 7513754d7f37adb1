import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  catalogMessages,
  validateWalletAddress,
  type PaymentMethodResponse,
  type PlanResponse,
} from '@ledgerstone/contracts';
import { EventStore } from '@ledgerstone/eventstore';
import { CATALOG_STREAM_ID } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type TestAgent from 'supertest/lib/agent.js';
import { createApp } from '../app.js';
import { loadConfig } from '../shared/config/config.js';
import {
  activeMember,
  PUBLIC_URL,
  SEALED_POSITION,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';
import { CatalogService } from './application/catalog.service.js';
import { DEMO_PAYMENT_METHODS, DEMO_PLANS, DemoCatalog } from './application/demo-catalog.js';

let testApp: IdentityTestApp;
let admin: { browser: TestAgent; userId: string };
let auditor: TestAgent;
let member: TestAgent;

let planNames = 0;

/** A crypto plan request with a name no other test uses. */
function planRequest(overrides: Record<string, unknown> = {}) {
  planNames += 1;
  return {
    name: `TEST PLAN ${planNames}`,
    kind: 'crypto',
    percentage: '25',
    termDays: 45,
    minAmount: '500',
    maxAmount: '2500.50',
    ...overrides,
  };
}

async function createPlan(overrides: Record<string, unknown> = {}): Promise<PlanResponse> {
  const response = await admin.browser.post('/api/admin/plans').send(planRequest(overrides)).expect(201);
  return response.body as PlanResponse;
}

async function catalogEvents() {
  return testApp.app.get(EventStore).readStream(CATALOG_STREAM_ID);
}

async function publicPlans(query = ''): Promise<PlanResponse[]> {
  const response = await testApp.bare().get(`/api/plans${query}`).expect(200);
  return (response.body as { plans: PlanResponse[] }).plans;
}

async function publicMethods(): Promise<PaymentMethodResponse[]> {
  const response = await testApp.bare().get('/api/payment-methods').expect(200);
  return (response.body as { paymentMethods: PaymentMethodResponse[] }).paymentMethods;
}

beforeAll(async () => {
  testApp = await startIdentityTestApp('catalog', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
  });
  admin = await staffSignedIn(testApp, 'admin');
  auditor = (await staffSignedIn(testApp, 'auditor')).browser;
  member = await signedIn(testApp, await activeMember(testApp));
});

afterAll(async () => {
  await testApp?.close();
});

describe('demo seed', () => {
  it('fills an empty catalog once, even when two api instances start together', async () => {
    expect(await publicPlans()).toEqual([]);
    const second = await createApp(
      loadConfig({
        DATABASE_URL: testApp.databaseUrl,
        REDIS_PREFIX: testApp.redisPrefix,
        SMTP_URL: testApp.smtpUrl,
        PUBLIC_URL,
        LOG_LEVEL: 'fatal',
      }),
    );
    try {
      const outcomes = await Promise.all([
        testApp.app.get(DemoCatalog).seed(),
        second.get(DemoCatalog).seed(),
      ]);
      expect(outcomes.sort()).toEqual([false, true]);
      expect(await testApp.app.get(DemoCatalog).seed()).toBe(false);
    } finally {
      await second.close();
    }

    const events = await catalogEvents();
    expect(events.map((event) => event.type)).toEqual([
      ...DEMO_PLANS.map(() => 'PlanCreated'),
      ...DEMO_PAYMENT_METHODS.map(() => 'PaymentMethodCreated'),
    ]);
    expect(events.every((event) => event.metadata.actorRole === 'system')).toBe(true);

    const crypto = await publicPlans('?kind=crypto');
    expect(
      crypto.map(({ name, percentage, minAmount, maxAmount }) => [name, percentage, minAmount, maxAmount]),
    ).toEqual([
      ['BASIC', '50', '1000.00', '10000.00'],
      ['SILVER', '300', '5000.00', '49999.00'],
      ['GOLD', '400', '50000.00', '99999.00'],
      ['PLATINUM', '150', '100000.00', '10000000.00'],
    ]);
    expect(crypto.map((plan) => plan.termDays)).toEqual([30, 60, 90, 180]);
    expect((await publicPlans('?kind=real_estate')).map((plan) => plan.name)).toEqual([
      'RENTAL INCOME',
      'COMMERCIAL PROPERTY',
      'PROPERTY DEVELOPMENT',
    ]);

    const methods = await publicMethods();
    expect(methods.map((method) => [method.name, method.network])).toEqual([
      ['BITCOIN', 'bitcoin'],
      ['ETHEREUM', 'ethereum'],
      ['USDT', 'ethereum'],
      ['DOGECOIN', 'dogecoin'],
      ['XRP', 'xrp'],
      ['SOLANA', 'solana'],
    ]);
    for (const method of methods) {
      expect(validateWalletAddress(method.network, method.address)).toEqual({
        ok: true,
        address: method.address,
      });
    }
  });

  it('is off in production unless asked for, on in local mode', () => {
    const base = {
      COOKIE_SECRET: 'x'.repeat(32),
      TWO_FACTOR_KEY: 'y'.repeat(32),
      ACCOUNT_LINK_KEY: 'z'.repeat(32),
    };
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, APP_MODE: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ ...base, APP_MODE: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'yes' })).toThrow(/SEED_DEMO_DATA/);
  });
});

describe('plans', () => {
  it('creates a plan as version 1 and records who did it', async () => {
    const response = await admin.browser.post('/api/admin/plans').send(planRequest()).expect(201);
    const plan = response.body as PlanResponse & { position: string };
    expect(plan).toEqual({
      id: expect.any(String),
      version: 1,
      name: expect.stringMatching(/^TEST PLAN/),
      kind: 'crypto',
      percentage: '25',
      termDays: 45,
      minAmount: '500.00',
      maxAmount: '2500.50',
      active: true,
      position: expect.stringMatching(SEALED_POSITION),
    });
    const event = (await catalogEvents()).at(-1);
    expect(event?.type).toBe('PlanCreated');
    expect(event?.data).toEqual({
      planId: plan.id,
      version: 1,
      kind: 'crypto',
      name: plan.name,
      percentage: '25',
      termDays: 45,
      minAmount: '50000',
      maxAmount: '250050',
      active: true,
    });
    expect(event?.metadata).toMatchObject({ actorId: admin.userId, actorRole: 'admin' });
    expect(`${event?.transactionId}:${event?.globalPosition}`).toBe(testApp.openPosition(plan.position));
  });

  it('makes a new version when the terms change, and keeps the old one for running investments', async () => {
    const plan = await createPlan();
    const catalog = testApp.app.get(CatalogService);
    const before = await catalog.activePlanVersion(plan.id);

    const changed = await admin.browser
      .patch(`/api/admin/plans/${plan.id}`)
      .send({ percentage: '30.50', maxAmount: '3000' })
      .expect(200);
    expect(changed.body).toMatchObject({
      version: 2,
      percentage: '30.5',
      maxAmount: '3000.00',
      minAmount: '500.00',
    });
    expect(changed.body.position).toMatch(SEALED_POSITION);
    expect((await catalogEvents()).at(-1)).toMatchObject({
      type: 'PlanChanged',
      data: { planId: plan.id, version: 2, percentage: '30.5', maxAmount: '300000' },
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });

    expect(before).toEqual({
      planId: plan.id,
      planVersion: 1,
      planName: plan.name,
      percentage: '25',
      termDays: 45,
      minAmount: 50_000n,
      maxAmount: 250_050n,
    });
    expect(await catalog.activePlanVersion(plan.id)).toMatchObject({ planVersion: 2, percentage: '30.5' });
    const versions = await testApp.db
      .withTables<{
        plan_versions: { plan_id: string; version: number; percentage: string; max_amount: bigint };
      }>()
      .selectFrom('plan_versions')
      .select(['version', 'percentage', 'max_amount'])
      .where('plan_id', '=', plan.id)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, percentage: '25', max_amount: 250_050n },
      { version: 2, percentage: '30.5', max_amount: 300_000n },
    ]);
    await expect(
      sql`update plan_versions set percentage = 99 where plan_id = ${plan.id}`.execute(testApp.db),
    ).rejects.toThrow(/plan versions are kept as written/);
  });

  it('changes the active flag without a new version, and records nothing when nothing changes', async () => {
    const plan = await createPlan();
    const inactive = await admin.browser
      .patch(`/api/admin/plans/${plan.id}`)
      .send({ active: false })
      .expect(200);
    expect(inactive.body).toMatchObject({ version: 1, active: false });
    const eventCount = (await catalogEvents()).length;

    const same = await admin.browser
      .patch(`/api/admin/plans/${plan.id}`)
      .send({ active: false, percentage: '25', name: plan.name })
      .expect(200);
    expect(same.body).toMatchObject({ version: 1, active: false });
    expect(same.body.position).toBeUndefined();
    expect(await catalogEvents()).toHaveLength(eventCount);
  });

  it('deactivates: members, visitors and deposits no longer see the plan; admins and auditors still do', async () => {
    const plan = await createPlan({ kind: 'real_estate' });
    expect((await publicPlans()).map((listed) => listed.id)).toContain(plan.id);

    const deactivated = await admin.browser.post(`/api/admin/plans/${plan.id}/deactivate`).expect(200);
    expect(deactivated.body).toMatchObject({
      id: plan.id,
      active: false,
      position: expect.stringMatching(SEALED_POSITION),
    });
    expect((await catalogEvents()).at(-1)).toMatchObject({
      type: 'PlanDeactivated',
      data: { planId: plan.id, version: 1 },
    });

    expect((await publicPlans()).map((listed) => listed.id)).not.toContain(plan.id);
    const memberView = await member.get('/api/plans?kind=real_estate').expect(200);
    expect((memberView.body as { plans: PlanResponse[] }).plans.every((listed) => listed.active)).toBe(true);
    expect(await testApp.app.get(CatalogService).activePlanVersion(plan.id)).toBeUndefined();
    for (const staff of [admin.browser, auditor]) {
      const list = await staff.get('/api/admin/plans?kind=real_estate').expect(200);
      expect((list.body as { plans: PlanResponse[] }).plans).toContainEqual(
        expect.objectContaining({ id: plan.id, active: false }),
      );
    }

    const again = await admin.browser.post(`/api/admin/plans/${plan.id}/deactivate`).expect(200);
    expect(again.body.position).toBeUndefined();
  });

  it('refuses bad terms with the field that is wrong, and changes nothing', async () => {
    const eventCount = (await catalogEvents()).length;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ minAmount: '5000', maxAmount: '1000' }, 'maxAmount', catalogMessages.minAboveMax],
      [{ minAmount: '-5' }, 'minAmount', catalogMessages.invalidAmount],
      [{ maxAmount: '0' }, 'maxAmount', catalogMessages.invalidAmount],
      [{ minAmount: '10.001' }, 'minAmount', catalogMessages.invalidAmount],
      [{ percentage: 'abc' }, 'percentage', catalogMessages.invalidPercentage],
      [{ percentage: '0' }, 'percentage', catalogMessages.invalidPercentage],
      [{ termDays: 0 }, 'termDays', 'Term in days must be at least 1'],
      [{ kind: 'stocks' }, 'kind', 'Choose crypto or real_estate'],
      [{ name: '  ' }, 'name', 'Plan name is required'],
    ];
    for (const [overrides, field, message] of refusals) {
      const response = await admin.browser.post('/api/admin/plans').send(planRequest(overrides)).expect(400);
      expect(response.body.fieldErrors).toEqual({ [field]: [message] });
    }

    const plan = await createPlan({ minAmount: '100', maxAmount: '200' });
    const tooHigh = await admin.browser
      .patch(`/api/admin/plans/${plan.id}`)
      .send({ minAmount: '300' })
      .expect(400);
    expect(tooHigh.body.fieldErrors).toEqual({ minAmount: [catalogMessages.minAboveMax] });
    await admin.browser.patch(`/api/admin/plans/${plan.id}`).send({}).expect(400);
    expect(await catalogEvents()).toHaveLength(eventCount + 1);
  });

  it('keeps names unique among the plans of a kind', async () => {
    const plan = await createPlan();
    const taken = await admin.browser
      .post('/api/admin/plans')
      .send(planRequest({ name: plan.name.toLowerCase() }))
      .expect(409);
    expect(taken.body.fieldErrors).toEqual({
      name: [`A crypto plan named ${plan.name.toLowerCase()} already exists`],
    });
    await admin.browser
      .post('/api/admin/plans')
      .send(planRequest({ name: plan.name, kind: 'real_estate' }))
      .expect(201);
    const other = await createPlan();
    await admin.browser.patch(`/api/admin/plans/${other.id}`).send({ name: plan.name }).expect(409);
  });

  it("Given a name PostgreSQL lowercases as another plan's but JavaScript does not (İ, final Σ), When it is created or renamed to, Then 409 on name and nothing is recorded", async () => {
    // JavaScript lowercases İ to "i̇" and a word-final Σ to "ς"; PostgreSQL's lower() to "i" and "σ".
    for (const [first, second] of [
      [`invest ${planNames}`, `İNVEST ${planNames}`],
      [`ασ ${planNames}`, `ΑΣ ${planNames}`],
    ] as const) {
      expect(first.toLowerCase()).not.toBe(second.toLowerCase());
      await createPlan({ name: first });
      const eventCount = (await catalogEvents()).length;
      const created = await admin.browser.post('/api/admin/plans').send(planRequest({ name: second }));
      expect({ status: created.status, name: created.body.fieldErrors?.name }).toEqual({
        status: 409,
        name: [`A crypto plan named ${second} already exists`],
      });
      const other = await createPlan();
      const renamed = await admin.browser.patch(`/api/admin/plans/${other.id}`).send({ name: second });
      expect({ status: renamed.status, name: renamed.body.fieldErrors?.name }).toEqual({
        status: 409,
        name: [`A crypto plan named ${second} already exists`],
      });
      expect(await catalogEvents()).toHaveLength(eventCount + 1);
    }
  });

  it('answers 404 for a plan that does not exist', async () => {
    await admin.browser.patch(`/api/admin/plans/${randomUUID()}`).send({ active: true }).expect(404);
    await admin.browser.post('/api/admin/plans/not-a-uuid/deactivate').expect(404);
    expect(await testApp.app.get(CatalogService).activePlanVersion('not-a-uuid')).toBeUndefined();
  });
});

describe('payment methods', () => {
  const ethereum = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('creates, changes and deactivates a method, each change recorded', async () => {
    const created = await admin.browser
      .post('/api/admin/payment-methods')
      .send({ name: 'USDC', network: 'ethereum', address: ethereum.toLowerCase() })
      .expect(201);
    const method = created.body as PaymentMethodResponse & { position: string };
    expect(method).toMatchObject({ name: 'USDC', network: 'ethereum', address: ethereum, active: true });
    expect(method.displayOrder).toBeGreaterThanOrEqual(DEMO_PAYMENT_METHODS.length);
    expect(method.position).toMatch(SEALED_POSITION);
    expect((await catalogEvents()).at(-1)).toMatchObject({
      type: 'PaymentMethodCreated',
      data: { paymentMethodId: method.id, network: 'ethereum', address: ethereum },
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });
    const catalog = testApp.app.get(CatalogService);
    expect(await catalog.activePaymentMethod(method.id)).toEqual({
      id: method.id,
      name: 'USDC',
      network: 'ethereum',
      address: ethereum,
    });
    expect(await catalog.activePaymentMethodNamed('usdc')).toMatchObject({ id: method.id });

    const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const moved = await admin.browser
      .patch(`/api/admin/payment-methods/${method.id}`)
      .send({ network: 'tron', address: tron })
      .expect(200);
    expect(moved.body).toMatchObject({
      network: 'tron',
      address: tron,
      position: expect.stringMatching(SEALED_POSITION),
    });
    expect((await catalogEvents()).at(-1)?.type).toBe('PaymentMethodChanged');

    await admin.browser.post(`/api/admin/payment-methods/${method.id}/deactivate`).expect(200);
    expect((await catalogEvents()).at(-1)).toMatchObject({
      type: 'PaymentMethodDeactivated',
      data: { paymentMethodId: method.id },
    });
    expect((await publicMethods()).map((listed) => listed.id)).not.toContain(method.id);
    expect(await catalog.activePaymentMethod(method.id)).toBeUndefined();
    const adminList = await auditor.get('/api/admin/payment-methods').expect(200);
    expect((adminList.body as { paymentMethods: PaymentMethodResponse[] }).paymentMethods).toContainEqual(
      expect.objectContaining({ id: method.id, active: false }),
    );
  });

  it("Given a name PostgreSQL lowercases as another method's but JavaScript does not, When it is created, Then 409 on name and nothing is recorded", async () => {
    await admin.browser
      .post('/api/admin/payment-methods')
      .send({ name: 'İNVEST COIN', network: 'ethereum', address: ethereum })
      .expect(201);
    const eventCount = (await catalogEvents()).length;
    const taken = await admin.browser
      .post('/api/admin/payment-methods')
      .send({ name: 'invest coin', network: 'ethereum', address: ethereum });
    expect({ status: taken.status, name: taken.body.fieldErrors?.name }).toEqual({
      status: 409,
      name: ['A payment method named invest coin already exists'],
    });
    expect(await catalogEvents()).toHaveLength(eventCount);
  });

  it('refuses an address that does not belong to the network', async () => {
    const wrong = await admin.browser
      .post('/api/admin/payment-methods')
      .send({ name: 'WRONG', network: 'ethereum', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' })
      .expect(400);
    expect(wrong.body.fieldErrors).toEqual({ address: ['Enter a valid Ethereum address'] });

    const created = await admin.browser
      .post('/api/admin/payment-methods')
      .send({ name: 'LITE', network: 'ethereum', address: ethereum })
      .expect(201);
    const moved = await admin.browser
      .patch(`/api/admin/payment-methods/${created.body.id}`)
      .send({ network: 'solana' })
      .expect(400);
    expect(moved.body.fieldErrors).toEqual({ address: ['Enter a valid Solana address'] });
    await admin.browser
      .post('/api/admin/payment-methods')
      .send({ name: 'bitcoin', network: 'bitcoin', address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' })
      .expect(409);
  });
});

describe('access', () => {
  it('lets auditors read but never change the catalog', async () => {
    const plan = await createPlan();
    await auditor.get('/api/admin/plans').expect(200);
    await auditor.get('/api/admin/payment-methods').expect(200);
    await auditor.post('/api/admin/plans').send(planRequest()).expect(403);
    await auditor.patch(`/api/admin/plans/${plan.id}`).send({ percentage: '99' }).expect(403);
    await auditor.post(`/api/admin/plans/${plan.id}/deactivate`).expect(403);
    await auditor
      .post('/api/admin/payment-methods')
      .send({ name: 'AUDIT', network: 'ethereum', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' })
      .expect(403);
    expect(await testApp.app.get(CatalogService).activePlanVersion(plan.id)).toMatchObject({
      planVersion: 1,
    });
  });

  it('keeps members and visitors out of the admin catalog', async () => {
    await member.get('/api/admin/plans').expect(403);
    await member.post('/api/admin/plans').send(planRequest()).expect(403);
    await testApp.browser().get('/api/admin/plans').expect(401);
    await testApp.browser().post('/api/admin/payment-methods').send({}).expect(401);
  });
});
