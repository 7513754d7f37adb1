import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffProfile, staffSession } from '../../../testing/staff-session.js';

const LIST = 'GET /api/admin/books/reconciliations';
const RECORD = 'POST /api/admin/books/reconciliations';
const IMPORT = 'POST /api/admin/books/reconciliations/import';
const BITCOIN = '6f1c2f0e-1d2b-4c53-9a3e-111111111111';
const ETHEREUM = '6f1c2f0e-1d2b-4c53-9a3e-222222222222';
const ADMIN = { id: staffProfile('admin').id, name: 'Grace Hopper' };
const OTHER_ADMIN = { id: '7a1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Ada Lovelace' };

const method = (id: string, name: string, held: string, custody: string, difference: string) => ({
  payment_method_id: id,
  name,
  held,
  custody,
  difference,
});

const day = (overrides: Record<string, unknown>) => ({
  id: '2026-11-26',
  cutoff: '2026-11-26T17:00:00.000Z',
  status: 'matched',
  methods: [
    method(BITCOIN, 'BITCOIN (bitcoin)', '1500.00', '1500.00', '0.00'),
    method(ETHEREUM, 'ETHEREUM (ethereum)', '0.00', '0.00', '0.00'),
  ],
  unassigned_custody: '0.00',
  held: '1500.00',
  custody: '1500.00',
  member_liabilities: '1500.00',
  held_less_liabilities: '0.00',
  journal_entries: 4,
  entered_by: ADMIN,
  entered_at: '2026-11-26T17:30:00.000Z',
  resolution: null,
  ...overrides,
});

const shortfall = day({
  id: '2026-11-25',
  cutoff: '2026-11-25T17:00:00.000Z',
  status: 'difference',
  methods: [
    method(BITCOIN, 'BITCOIN (bitcoin)', '1400.00', '1500.00', '-100.00'),
    method(ETHEREUM, 'ETHEREUM (ethereum)', '0.00', '0.00', '0.00'),
  ],
  held: '1400.00',
  held_less_liabilities: '-100.00',
});
const resolved = day({
  id: '2026-11-24',
  cutoff: '2026-11-24T17:00:00.000Z',
  status: 'resolved',
  methods: [
    method(BITCOIN, 'BITCOIN (bitcoin)', '1500.00', '1500.00', '0.00'),
    method(ETHEREUM, 'ETHEREUM (ethereum)', '25.50', '0.00', '25.50'),
  ],
  held: '1525.50',
  held_less_liabilities: '25.50',
  resolution: {
    by: OTHER_ADMIN,
    reason: 'Firm money sent by mistake, returned',
    at: '2026-11-24T18:00:00.000Z',
  },
});

const list = (reconciliations: unknown[], open = 0) => ({
  status: 200,
  body: {
    reconciliations,
    open_differences: open,
    payment_methods: [
      { id: BITCOIN, name: 'BITCOIN (bitcoin)' },
      { id: ETHEREUM, name: 'ETHEREUM (ethereum)' },
    ],
  },
});

async function renderReconciliation(
  role: 'admin' | 'auditor',
  routes: Record<string, StubbedAnswer | (() => StubbedAnswer)>,
) {
  const api = stubApi({ 'GET /api/admin': staffSession(role), ...routes });
  renderApp('/admin-dashboard/reconciliation');
  await screen.findByRole('heading', { level: 1, name: 'Reconciliation' });
  return api;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('/admin-dashboard/reconciliation', () => {
  it("lists each day's result: held against custody per payment method, its status, and who resolved it why", async () => {
    await renderReconciliation('auditor', { [LIST]: list([day({}), shortfall, resolved], 1) });

    const open = await screen.findByRole('region', { name: '2026-11-25' });
    expect(within(open).getByText('Difference open')).toBeInTheDocument();
    expect(rowsOf(within(open).getByRole('table'))).toEqual([
      ['BITCOIN (bitcoin)', '$1,400.00', '$1,500.00', '−$100.00'],
      ['ETHEREUM (ethereum)', '$0.00', '$0.00', '—'],
      ['Total', '$1,400.00', '$1,500.00', ''],
    ]);
    expect(
      within(open).getByText(
        'Owed to members: $1,500.00. Shortfall: $100.00 less held than the members are owed.',
      ),
    ).toBeInTheDocument();
    expect(
      within(open).getByText("BITCOIN (bitcoin) holds $100.00 less than the journal's custody."),
    ).toBeInTheDocument();

    const matched = screen.getByRole('region', { name: '2026-11-26' });
    expect(within(matched).getByText('Matched')).toBeInTheDocument();

    const closed = screen.getByRole('region', { name: '2026-11-24' });
    expect(within(closed).getByText('Resolved')).toBeInTheDocument();
    expect(
      within(closed).getByText(/Resolved by Ada Lovelace on .*: Firm money sent by mistake, returned/),
    ).toBeInTheDocument();
    expect(within(closed).getByText('+$25.50')).toBeInTheDocument();
    expect(within(matched).getByText(/Held equals what the members are owed\./)).toBeInTheDocument();

    expect(screen.getByRole('alert')).toHaveTextContent('One reconciliation has an open difference');
    expect(screen.getByRole('link', { name: 'Reconciliation' })).toHaveAttribute(
      'href',
      '/admin-dashboard/reconciliation',
    );
    // An auditor reads only.
    expect(screen.queryByRole('form', { name: 'Held balances' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it('records the balances held per payment method with an Idempotency-Key, and shows the new day', async () => {
    let recorded = false;
    const api = await renderReconciliation('admin', {
      [LIST]: () => (recorded ? list([day({ id: '2026-11-27' })]) : list([])),
      [RECORD]: () => {
        recorded = true;
        return {
          status: 201,
          body: { message: 'Reconciliation recorded.', reconciliation: day({ id: '2026-11-27' }) },
        };
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Held balances' });
    expect(screen.getByText('No reconciliation recorded yet.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Record reconciliation' }));
    expect(within(form).getAllByText('Enter the balance held: 0 or more, at most two decimals')).toHaveLength(
      2,
    );
    expect(api.sentBodies(RECORD)).toEqual([]);

    const cutoff = within(form).getByLabelText('Cutoff');
    await user.clear(cutoff);
    await user.type(cutoff, '2026-11-27T17:00');
    await user.type(within(form).getByLabelText('BITCOIN (bitcoin) held'), '1500.00');
    await user.type(within(form).getByLabelText('ETHEREUM (ethereum) held'), '0');
    await user.click(within(form).getByRole('button', { name: 'Record reconciliation' }));

    expect(await screen.findByText('Reconciliation recorded.')).toBeInTheDocument();
    expect(api.sentBodies(RECORD)).toEqual([
      { cutoff: new Date('2026-11-27T17:00').toISOString(), held: { [BITCOIN]: '1500.00', [ETHEREUM]: '0' } },
    ]);
    const [, init] = api.fetchStub.mock.calls.find(
      ([input, call]) => `${call?.method} ${String(input)}` === RECORD,
    )!;
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('region', { name: '2026-11-27' })).toBeInTheDocument();
  });

  it("shows the server's refusal under the field it names", async () => {
    await renderReconciliation('admin', {
      [LIST]: list([]),
      [RECORD]: {
        status: 400,
        body: {
          message: 'There is no payment method with this id.',
          fieldErrors: { cutoff: ['The cutoff cannot be in the future.'] },
        },
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Held balances' });
    await user.type(within(form).getByLabelText('BITCOIN (bitcoin) held'), '1');
    await user.type(within(form).getByLabelText('ETHEREUM (ethereum) held'), '2');
    await user.click(within(form).getByRole('button', { name: 'Record reconciliation' }));

    expect(await within(form).findByText('The cutoff cannot be in the future.')).toBeInTheDocument();
  });

  it('imports a CSV and lists every bad row when it is refused', async () => {
    const api = await renderReconciliation('admin', {
      [LIST]: list([]),
      [IMPORT]: {
        status: 400,
        body: {
          message: 'The CSV has 2 problems. Nothing was recorded.',
          fieldErrors: {
            csv: [
              'Row 3: no payment method is named "DOGECOIN"',
              'No row for ETHEREUM: every payment method needs one',
            ],
          },
        },
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Held balances' });
    const csv = 'payment_method,amount\nBITCOIN,1500.00\nDOGECOIN,1\n';

    await user.upload(
      within(form).getByLabelText('CSV file'),
      new File([csv], 'held.csv', { type: 'text/csv' }),
    );

    const message = await within(form).findByText('The CSV has 2 problems. Nothing was recorded.');
    const refusal = message.closest<HTMLElement>('[role="alert"]')!;
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 3: no payment method is named "DOGECOIN"',
      'No row for ETHEREUM: every payment method needs one',
    ]);
    expect(api.sentBodies(IMPORT)).toEqual([{ cutoff: expect.any(String), csv }]);
  });

  it('resolves an open difference with a reason', async () => {
    let done = false;
    const RESOLVE = 'POST /api/admin/books/reconciliations/2026-11-25/resolve';
    const resolvedDay = {
      ...shortfall,
      status: 'resolved',
      resolution: { by: ADMIN, reason: 'Payout booked late', at: '2026-11-25T18:00:00.000Z' },
    };
    const api = await renderReconciliation('admin', {
      [LIST]: () => (done ? list([resolvedDay]) : list([shortfall], 1)),
      [RESOLVE]: () => {
        done = true;
        return { status: 200, body: { message: 'Difference resolved.', reconciliation: resolvedDay } };
      },
    });
    const user = userEvent.setup();
    const open = await screen.findByRole('region', { name: '2026-11-25' });

    await user.click(within(open).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the difference of 2026-11-25' });
    expect(
      within(dialog).getByText(/BITCOIN \(bitcoin\) holds \$100\.00 less than the journal's custody/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(
      await within(dialog).findByText('Please give a reason of 3 to 500 characters.'),
    ).toBeInTheDocument();
    expect(api.sentBodies(RESOLVE)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Payout booked late');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('Difference resolved.')).toBeInTheDocument();
    expect(api.sentBodies(RESOLVE)).toEqual([{ reason: 'Payout booked late' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const closed = await screen.findByRole('region', { name: '2026-11-25' });
    expect(
      await within(closed).findByText(/Resolved by Grace Hopper on .*: Payout booked late/),
    ).toBeInTheDocument();
  });

  it('warns on the overview while a difference is open, linking to the screen', async () => {
    stubApi({ 'GET /api/admin': staffSession('admin'), [LIST]: list([shortfall], 1) });
    renderApp('/admin-dashboard');

    const link = await screen.findByRole(
      'link',
      { name: 'Resolve it on the Reconciliation screen' },
      // The overview's screen and chart load on first use, on a shared 2-core machine.
      { timeout: 15_000 },
    );
    expect(link).toHaveAttribute('href', '/admin-dashboard/reconciliation');
    expect(link.closest('[role="alert"]')).toHaveTextContent('One reconciliation has an open difference.');
  });
});
