import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { reconciliationList, reconciliationRecorded, type Reconciliation } from '@ledgerstone/contracts';
import { EventStore } from '@ledgerstone/eventstore';
import { reconciliationMessages, reconciliationStreamId } from '@ledgerstone/ledger';
import type { ProjectorProcess } from '../../shared/testing/projector-process.js';
import {
  BITCOIN,
  ETHEREUM,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../../testing/accounts-test-app.js';
import {
  confirmDeposit,
  confirmedDeposit,
  requestDeposit,
  signInAs,
  startProjectorFor,
  type SignedInUser,
} from '../../testing/account-steps.js';
import { holdAccountStates } from '../../testing/held-account-states.js';

let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: SignedInUser;
let auditor: SignedInUser;
let member: SignedInUser;

const DAY_MS = 86_400_000;
/** A cutoff `days` before the test clock's now, at 17:00 UTC: each test reconciles a day of its own. */
const cutoffDaysAgo = (days: number) => {
  const day = new Date(testApp.clock.now().getTime() - days * DAY_MS).toISOString().slice(0, 10);
  return `${day}T17:00:00.000Z`;
};

const record = (cutoff: string, held: Record<string, string>) =>
  admin.browser.post('/api/admin/books/reconciliations').send({ cutoff, held });

const streamOf = (cutoff: string) =>
  testApp.app.get(EventStore).readStream(reconciliationStreamId(cutoff.slice(0, 10)));

async function listed(id: string): Promise<Reconciliation | undefined> {
  const { body } = await auditor.browser.get('/api/admin/books/reconciliations').expect(200);
  return reconciliationList.parse(body).reconciliations.find((each) => each.id === id);
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('reconciliations');
  const [depositing, depositor] = await signInAs(testApp, 'admin', 'member');
  // Bitcoin takes in 1,500.00, which the member is owed.
  await confirmedDeposit(depositing.browser, depositor.browser, '1500.00');
  projector = await startProjectorFor(testApp);
  // Every cutoff below falls after the deposit, whose time is the database's, and before the test clock's now;
  // the sessions of before have expired by then.
  testApp.clock.advanceMinutes(20 * 24 * 60);
  [admin, auditor, member] = await signInAs(testApp, 'admin', 'auditor', 'member');
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('POST /api/admin/books/reconciliations', () => {
  it("matches when each payment method holds the journal's custody, and records it", async () => {
    const cutoff = cutoffDaysAgo(1);

    const response = await record(cutoff, { [BITCOIN.id]: '1500.00', [ETHEREUM.id]: '0' }).expect(201);

    const answer = reconciliationRecorded.parse(response.body);
    expect(answer.reconciliation).toMatchObject({
      id: cutoff.slice(0, 10),
      cutoff,
      status: 'matched',
      methods: [
        {
          payment_method_id: BITCOIN.id,
          name: 'BITCOIN (bitcoin)',
          held: '1500.00',
          custody: '1500.00',
          difference: '0.00',
        },
        {
          payment_method_id: ETHEREUM.id,
          name: 'ETHEREUM (ethereum)',
          held: '0.00',
          custody: '0.00',
          difference: '0.00',
        },
      ],
      held: '1500.00',
      custody: '1500.00',
      member_liabilities: '1500.00',
      held_less_liabilities: '0.00',
      entered_by: { id: admin.userId },
      resolution: null,
    });
    const events = await streamOf(cutoff);
    expect(events.map((event) => [event.type, event.metadata.actorId])).toEqual([
      ['ReconciliationMatched', admin.userId],
    ]);
    expect(await listed(cutoff.slice(0, 10))).toEqual(answer.reconciliation);
    const { body } = await admin.browser.get('/api/admin/books/reconciliations').expect(200);
    expect(body.payment_methods).toEqual([
      { id: BITCOIN.id, name: 'BITCOIN (bitcoin)' },
      { id: ETHEREUM.id, name: 'ETHEREUM (ethereum)' },
    ]);
  });

  it('finds a shortfall: a method holds less than its custody, and less than the members are owed', async () => {
    const cutoff = cutoffDaysAgo(2);

    const response = await record(cutoff, { [BITCOIN.id]: '1400.00', [ETHEREUM.id]: '0.00' }).expect(201);

    expect(response.body.reconciliation).toMatchObject({
      status: 'difference',
      methods: [{ held: '1400.00', custody: '1500.00', difference: '-100.00' }, { difference: '0.00' }],
      held_less_liabilities: '-100.00',
    });
    expect((await streamOf(cutoff)).map((event) => event.type)).toEqual(['ReconciliationDifferenceFound']);
  });

  it('refuses a second entry for a day already reconciled, and keeps the first as it was', async () => {
    const cutoff = cutoffDaysAgo(1);
    const later = `${cutoff.slice(0, 10)}T20:00:00.000Z`;

    const response = await record(later, { [BITCOIN.id]: '1.00', [ETHEREUM.id]: '0' }).expect(409);

    expect(response.body.message).toMatch(/already recorded/);
    expect(await streamOf(cutoff)).toHaveLength(1);
    expect(await listed(cutoff.slice(0, 10))).toMatchObject({ status: 'matched', held: '1500.00' });
  });

  it('of two entries for one day sent at once, records one and refuses the other', async () => {
    const cutoff = cutoffDaysAgo(3);
    const held = { [BITCOIN.id]: '1500.00', [ETHEREUM.id]: '0' };

    const answers = await Promise.all([record(cutoff, held), record(cutoff, held)]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await streamOf(cutoff)).toHaveLength(1);
  });

  it('records once for one Idempotency-Key sent twice at once, answering both alike', async () => {
    const cutoff = cutoffDaysAgo(4);
    const send = () =>
      record(cutoff, { [BITCOIN.id]: '1500.00', [ETHEREUM.id]: '0' }).set(
        'Idempotency-Key',
        `recon-${cutoff}`,
      );

    const [first, second] = await Promise.all([send(), send()]);

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(await streamOf(cutoff)).toHaveLength(1);
    const reused = await record(cutoff, { [BITCOIN.id]: '1.00', [ETHEREUM.id]: '0' })
      .set('Idempotency-Key', `recon-${cutoff}`)
      .expect(422);
    expect(reused.body.message).toBe('This Idempotency-Key was used for another request');
    const [otherAdmin] = await signInAs(testApp, 'admin');
    const theirs = await otherAdmin!.browser
      .post('/api/admin/books/reconciliations')
      .set('Idempotency-Key', `recon-${cutoff}`)
      .send({ cutoff, held: { [BITCOIN.id]: '1500.00', [ETHEREUM.id]: '0' } });
    // Keys are each admin's own: another admin's request under the same key is decided as theirs.
    expect({ status: theirs.status, message: theirs.body.message }).toEqual({
      status: 409,
      message: reconciliationMessages.alreadyRecorded(cutoff.slice(0, 10)),
    });
  });

  it('is for admins only: auditors and members are refused', async () => {
    const cutoff = cutoffDaysAgo(5);
    const held = { [BITCOIN.id]: '1500.00', [ETHEREUM.id]: '0' };

    await auditor.browser.post('/api/admin/books/reconciliations').send({ cutoff, held }).expect(403);
    await auditor.browser
      .post('/api/admin/books/reconciliations/import')
      .send({ cutoff, csv: 'BITCOIN,1500.00\nETHEREUM,0' })
      .expect(403);
    await member.browser.post('/api/admin/books/reconciliations').send({ cutoff, held }).expect(403);
    await member.browser.get('/api/admin/books/reconciliations').expect(403);
    expect(await streamOf(cutoff)).toHaveLength(0);
  });

  const future = () => new Date(testApp.clock.now().getTime() + 60_000).toISOString();
  it.each([
    [
      'a cutoff in the future',
      () => ({ cutoff: future(), held: { [BITCOIN.id]: '1', [ETHEREUM.id]: '0' } }),
      'cutoff',
    ],
    ['no cutoff', () => ({ held: { [BITCOIN.id]: '1', [ETHEREUM.id]: '0' } }), 'cutoff'],
    ['a NUL in the cutoff', () => ({ cutoff: `${cutoffDaysAgo(6)}\u0000`, held: {} }), 'cutoff'],
    [
      'a payment method left out',
      () => ({ cutoff: cutoffDaysAgo(6), held: { [BITCOIN.id]: '1' } }),
      `held.${ETHEREUM.id}`,
    ],
    [
      'an unknown payment method',
      () => ({ cutoff: cutoffDaysAgo(6), held: { [BITCOIN.id]: '1', [ETHEREUM.id]: '0', '🦄': '1' } }),
      'held.🦄',
    ],
    [
      'a negative amount',
      () => ({ cutoff: cutoffDaysAgo(6), held: { [BITCOIN.id]: '-1.00', [ETHEREUM.id]: '0' } }),
      'held',
    ],
    [
      'three decimals',
      () => ({ cutoff: cutoffDaysAgo(6), held: { [BITCOIN.id]: '1.005', [ETHEREUM.id]: '0' } }),
      'held',
    ],
    [
      'an amount beyond a trillion',
      () => ({ cutoff: cutoffDaysAgo(6), held: { [BITCOIN.id]: '1000000000000.01', [ETHEREUM.id]: '0' } }),
      `held.${BITCOIN.id}`,
    ],
    [
      '100,000 digits as an amount',
      () => ({ cutoff: cutoffDaysAgo(6), held: { [BITCOIN.id]: '9'.repeat(100_000), [ETHEREUM.id]: '0' } }),
      `held.${BITCOIN.id}`,
    ],
    [
      'a key of 100,000 characters',
      () => ({ cutoff: cutoffDaysAgo(6), held: { ['a'.repeat(100_000)]: '1' } }),
      'held',
    ],
    ['held as a list', () => ({ cutoff: cutoffDaysAgo(6), held: ['1500.00'] }), 'held'],
    [
      'a cutoff its offset takes before year 0',
      () => ({ cutoff: '0000-01-01T00:00:00+00:01', held: { [BITCOIN.id]: '0', [ETHEREUM.id]: '0' } }),
      'cutoff',
    ],
    [
      'a cutoff in year 0',
      () => ({ cutoff: '0000-01-01T00:00:00Z', held: { [BITCOIN.id]: '0', [ETHEREUM.id]: '0' } }),
      'cutoff',
    ],
    [
      'a cutoff in 1970, before any books (a period close refuses it too)',
      () => ({ cutoff: '1970-01-01T00:00:00Z', held: { [BITCOIN.id]: '0', [ETHEREUM.id]: '0' } }),
      'cutoff',
    ],
    [
      'a cutoff on the last day of 1999',
      () => ({ cutoff: '1999-12-31T23:59:59Z', held: { [BITCOIN.id]: '0', [ETHEREUM.id]: '0' } }),
      'cutoff',
    ],
  ])('answers 400 naming the field for %s, and records nothing', async (_, body, field) => {
    const response = await admin.browser.post('/api/admin/books/reconciliations').send(body()).expect(400);

    expect(response.body).toMatchObject({ message: expect.any(String) });
    expect(Object.keys(response.body.fieldErrors)).toEqual([field]);
    expect(await streamOf(cutoffDaysAgo(6))).toHaveLength(0);
  });
});

describe('a held key no payment method can have', () => {
  it('refuses __proto__ beside every payment method, which a parsed object would drop, and records nothing', async () => {
    const cutoff = cutoffDaysAgo(11);
    const body = `{"cutoff":"${cutoff}","held":{"${BITCOIN.id}":"1500.00","${ETHEREUM.id}":"0","__proto__":"1"}}`;

    const response = await admin.browser
      .post('/api/admin/books/reconciliations')
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);

    expect(response.body.message).toMatch(/__proto__/);
    expect(await streamOf(cutoff)).toHaveLength(0);
  });
});

describe('POST /api/admin/books/reconciliations/import', () => {
  it('records a surplus from a CSV of names and ids', async () => {
    const cutoff = cutoffDaysAgo(7);
    const csv = `\uFEFFpayment_method,amount\r\nbitcoin,1500.00\r\n"${ETHEREUM.id}",25.5\r\n`;

    const response = await admin.browser
      .post('/api/admin/books/reconciliations/import')
      .send({ cutoff, csv })
      .expect(201);

    expect(response.body.reconciliation).toMatchObject({
      status: 'difference',
      methods: [{ difference: '0.00' }, { held: '25.50', custody: '0.00', difference: '25.50' }],
      held: '1525.50',
      held_less_liabilities: '25.50',
    });
  });

  it('answers 400 on cutoff for a cutoff before year 0, and records nothing', async () => {
    const response = await admin.browser
      .post('/api/admin/books/reconciliations/import')
      .send({ cutoff: '0000-01-01T00:00:00+00:01', csv: 'payment_method,amount\nBITCOIN,0\nETHEREUM,0' })
      .expect(400);
    expect(Object.keys(response.body.fieldErrors)).toEqual(['cutoff']);
    const { body } = await admin.browser.get('/api/admin/books/reconciliations').expect(200);
    expect(reconciliationList.parse(body).reconciliations.map((each) => each.id)).not.toContainEqual(
      expect.stringMatching(/^-|^0000/),
    );
  });

  it('names every bad row and records nothing', async () => {
    const cutoff = cutoffDaysAgo(8);
    const csv = [
      'payment_method,amount',
      'BITCOIN,1500.00',
      'DOGECOIN,1',
      'BITCOIN,2',
      'ETHEREUM,-3',
      'ETHEREUM,4,5',
    ].join('\n');

    const response = await admin.browser
      .post('/api/admin/books/reconciliations/import')
      .send({ cutoff, csv })
      .expect(400);

    expect(response.body).toEqual({
      message: 'The CSV has 5 problems. Nothing was recorded.',
      fieldErrors: {
        csv: [
          'Row 3: no payment method is named "DOGECOIN"',
          'Row 4: BITCOIN is already on row 2',
          'Row 5: "-3" is not an amount of 0 or more with at most two decimals',
          'Row 6: expected 2 columns (payment_method,amount), found 3',
          'No row for ETHEREUM: every payment method needs one',
        ],
      },
    });
    expect(await streamOf(cutoff)).toHaveLength(0);
  });

  it.each([
    ['an empty CSV', ''],
    ['a NUL', 'BITCOIN,1\u0000'],
    ['a lone surrogate', 'BITCOIN,1\ud800'],
    ['100,001 characters', 'a'.repeat(100_001)],
    ['an unclosed quote', '"BITCOIN,1\nETHEREUM,0'],
    ['only a header', 'payment_method,amount'],
  ])('answers 400 on the csv field for %s', async (_, csv) => {
    const response = await admin.browser
      .post('/api/admin/books/reconciliations/import')
      .send({ cutoff: cutoffDaysAgo(8), csv })
      .expect(400);

    expect(response.body.fieldErrors).toEqual({ csv: expect.any(Array) });
    expect(await streamOf(cutoffDaysAgo(8))).toHaveLength(0);
  });
});

describe('POST /api/admin/books/reconciliations/:id/resolve', () => {
  const resolve = (browser: SignedInUser, id: string, reason: unknown) =>
    browser.browser
      .post(`/api/admin/books/reconciliations/${encodeURIComponent(id)}/resolve`)
      .send({ reason });

  it('resolves an open difference with the reason and the admin, once', async () => {
    const id = cutoffDaysAgo(2).slice(0, 10);

    await resolve(auditor, id, 'Checked the wallet').expect(403);
    const bad = await resolve(admin, id, '  ').expect(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(['reason']);
    const response = await resolve(
      admin,
      id,
      '  Payout of 100.00 left the wallet before it was booked  ',
    ).expect(200);

    expect(response.body.reconciliation).toMatchObject({
      status: 'resolved',
      methods: [{ difference: '-100.00' }, { difference: '0.00' }],
      resolution: {
        by: { id: admin.userId },
        reason: 'Payout of 100.00 left the wallet before it was booked',
      },
    });
    expect((await streamOf(id)).map((event) => event.type)).toEqual([
      'ReconciliationDifferenceFound',
      'DifferenceResolved',
    ]);
    const again = await resolve(admin, id, 'Once more').expect(409);
    expect(again.body.message).toBe('This difference is already resolved.');
    expect((await auditor.browser.get('/api/admin/books/reconciliations').expect(200)).body).toMatchObject({
      open_differences: 1,
    });
  });

  it('refuses a day that matched, and a day never reconciled', async () => {
    await resolve(admin, cutoffDaysAgo(1).slice(0, 10), 'Nothing to do').expect(409);
    await resolve(admin, '2001-01-01', 'Nothing to do').expect(404);
    await resolve(admin, 'not-a-day\u0000', 'Nothing to do').expect(404);
    await resolve(admin, '🦄'.repeat(1000), 'Nothing to do').expect(404);
  });

  it.each([
    ['NUL', 'Checked\u0000'],
    ['100,000 characters', 'a'.repeat(100_000)],
    ['a number', 42],
  ])('answers 400 on the reason for %s', async (_, reason) => {
    const response = await resolve(admin, cutoffDaysAgo(7).slice(0, 10), reason).expect(400);
    expect(Object.keys(response.body.fieldErrors)).toEqual(['reason']);
  });

  it('of two resolutions sent at once, records one and refuses the other', async () => {
    const id = cutoffDaysAgo(7).slice(0, 10);

    const answers = await Promise.all([
      resolve(admin, id, 'Surplus was firm money, returned'),
      resolve(admin, id, 'Surplus was firm money, returned'),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await streamOf(id)).map((event) => event.type)).toEqual([
      'ReconciliationDifferenceFound',
      'DifferenceResolved',
    ]);
  });
});

describe('a reconciliation while a command is being saved', () => {
  it('Given a deposit confirmation begun before the cutoff and not yet committed, When a reconciliation is recorded, Then it waits and counts the deposit in custody', async () => {
    const { depositId } = await requestDeposit(member.browser, '1500.00');
    const held = await holdAccountStates(testApp.db as never);
    const confirming = confirmDeposit(admin.browser, depositId);
    await held.started();

    const recording = record(cutoffDaysAgo(9), { [BITCOIN.id]: '3000.00', [ETHEREUM.id]: '0' }).then(
      (response) => response,
    );
    await sleep(500);
    await held.release();
    await confirming;
    const response = await recording;

    expect(response.status).toBe(201);
    expect(reconciliationRecorded.parse(response.body).reconciliation).toMatchObject({
      status: 'matched',
      methods: [
        { payment_method_id: BITCOIN.id, held: '3000.00', custody: '3000.00', difference: '0.00' },
        {},
      ],
      member_liabilities: '3000.00',
    });
  });
});
