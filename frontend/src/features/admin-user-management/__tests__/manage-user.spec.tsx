import { describe, expect, it } from '@jest/globals';
import { accountMessages, twoFactorMessages } from '@ledgerstone/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ADMIN_TEST_USER_ID, adminUserAnswer } from '../../../testing/admin-user.js';
import { deferred, stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { approvalRow, approvalsAnswer, proposalAnswer } from '../../../testing/approvals.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';

// Whole-app renders with lazy routes on a shared 2-core machine.

const USER_ID = ADMIN_TEST_USER_ID;
const USER_URL = `/api/admin/users/${USER_ID}`;

const member = (
  figures: Partial<{ available: string; invested: string; profit: string; version: number }> = {},
) => {
  const { available = '1500.00', invested = '5000.00', profit = '250.00', version = 3 } = figures;
  return adminUserAnswer({
    phone: '+44 20 7946 0000',
    withdrawable_balance: available,
    total_balance: profit,
    total_invest: '6000.00',
    buckets: { available, invested, profit_locked: '200.00', profit_unlocked: '50.00', reserved: '0.00' },
    version,
  });
};

// Newest first, as the server answers a page.
const activity = {
  status: 200,
  body: {
    data: [
      {
        id: 'a1a1a1a1-0000-4000-8000-000000000002',
        type: 'BalanceAdjusted',
        amount: '-50.00',
        bucket: 'available',
        reason: 'Duplicate bonus reversed',
        actor: { id: 'y', role: 'admin', name: 'Alan Turing' },
        requestId: null,
        streamPosition: 3,
        occurredAt: '2026-03-16T10:00:00.000Z',
      },
      {
        id: 'a1a1a1a1-0000-4000-8000-000000000001',
        type: 'DepositConfirmed',
        amount: '5000.00',
        bucket: null,
        reason: null,
        actor: { id: 'x', role: 'admin', name: 'Grace Hopper' },
        requestId: null,
        streamPosition: 2,
        occurredAt: '2026-03-15T10:00:00.000Z',
      },
      {
        id: 'a1a1a1a1-0000-4000-8000-000000000003',
        type: 'DepositRequested',
        amount: '5000.00',
        bucket: null,
        reason: null,
        actor: { id: USER_ID, role: 'member', name: null },
        requestId: null,
        streamPosition: 1,
        occurredAt: '2026-03-14T10:00:00.000Z',
      },
    ],
    total: 3,
  },
};

const investments = {
  status: 200,
  body: {
    data: [
      {
        id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
        plan_name: 'BASIC',
        percentage: '50',
        term_days: 30,
        principal: '5000.00',
        accrued: '1000.00',
        accrued_through: '2026-03-27',
        startedAt: '2026-03-15T10:00:00.000Z',
        maturesAt: '2026-04-14T10:00:00.000Z',
      },
    ],
  },
};

const withdrawalProtection = {
  status: 200,
  body: {
    addresses: [],
    hold: null,
    lock: null,
    limits: {
      own: false,
      daily: { limit: '50000.00', used: '0.00', left: '50000.00' },
      thirty_days: { limit: '250000.00', used: '0.00', left: '250000.00' },
    },
    cooling_hours: 48,
    awaiting_review: { count: 0, most: 10 },
  },
};

function routes(role: 'admin' | 'auditor', extra: Parameters<typeof stubApi>[0] = {}) {
  return {
    'GET /api/admin': staffSession(role),
    [`GET ${USER_URL}`]: member(),
    [`GET ${USER_URL}/activity?page=1&pageSize=10`]: activity,
    [`GET ${USER_URL}/investments`]: investments,
    [`GET ${USER_URL}/withdrawal-protection`]: withdrawalProtection,
    ...extra,
  };
}

async function renderManageUser() {
  const rendered = renderApp(`/admin-dashboard/manage-user/${USER_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }, { timeout: 15_000 });
  return rendered;
}

const editForm = () => screen.getByRole('form', { name: 'Edit User Details' });
const updateButton = () => within(editForm()).getByRole('button', { name: 'Update Details' });

async function replace(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = within(editForm()).getByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
}

describe('/admin-dashboard/manage-user/:id', () => {
  it('shows the user, the four cards, the information, the form and the activity newest first', async () => {
    stubApi(routes('admin'));
    const { currentLocation } = await renderManageUser();

    expect(screen.getByText('View and edit user information')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Account Balance' })).getByText('$1,500.00'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total Profit' })).getByText('$250.00'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total Investment' })).getByText('$5,000.00'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('+44 20 7946 0000')).toBeInTheDocument();

    expect(within(editForm()).getByLabelText('First Name')).toHaveValue('Ada');
    expect(within(editForm()).getByLabelText('Account Balance')).toHaveValue('1500.00');
    expect(within(editForm()).getByLabelText('Total Profit')).toHaveValue('250.00');
    expect(within(editForm()).getByLabelText('Total Investment')).toHaveValue('5000.00');
    expect(within(editForm()).getByLabelText('Registration Date')).toBeDisabled();

    const table = await screen.findByRole('table', { name: 'Account activity' });
    await within(table).findByText('Duplicate bonus reversed');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Balance adjusted: Account Balance',
      'Deposit confirmed',
      'Deposit requested',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('-$50.00')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Alan Turing (admin)')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Member')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Email Client' }));
    await waitFor(() => expect(currentLocation().pathname).toBe(`/admin-dashboard/message/${USER_ID}`));
  });

  it('lists the running investments: plan, principal, start, end and accrued so far', async () => {
    stubApi(routes('admin'));
    await renderManageUser();

    expect(screen.getByRole('heading', { level: 2, name: 'Running investments' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Running investments of this member' });
    await within(table).findByText('$1,000.00');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Plan', 'Principal', 'Start', 'End', 'Accrued so far']);
    expect(
      within(within(table).getAllByRole('row')[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['BASIC (50% over 30 days)', '$5,000.00', 'Mar 15, 2026', 'Apr 14, 2026', '$1,000.00']);
  });

  it('says so when the member has no running investment', async () => {
    stubApi(
      routes('auditor', { [`GET ${USER_URL}/investments`]: { status: 200, body: { data: [], total: 0 } } }),
    );
    await renderManageUser();

    const table = await screen.findByRole('table', { name: 'Running investments of this member' });
    expect(await within(table).findByText('No running investments')).toBeInTheDocument();
  });

  it('goes Back to the user list', async () => {
    stubApi(routes('admin'));
    const { currentLocation } = await renderManageUser();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin-dashboard/alluser'));
  });

  it('links to the account history, for an auditor too', async () => {
    stubApi(routes('auditor'));
    const { currentLocation } = await renderManageUser();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Account history' }));
    await waitFor(() =>
      expect(currentLocation().pathname).toBe(`/admin-dashboard/manage-user/${USER_ID}/history`),
    );
  });

  it('saves a name change as a plain profile update, with no reason asked', async () => {
    const api = stubApi(
      routes('admin', {
        [`PATCH ${USER_URL}`]: { status: 200, body: { message: 'User updated successfully' } },
      }),
    );
    await renderManageUser();
    const user = userEvent.setup();
    await replace(user, 'First Name', 'Augusta Ada');
    await replace(user, 'Email', 'ADA@example.org');
    await user.click(updateButton());

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.sentBodies(`PATCH ${USER_URL}`)).toEqual([
      { first_name: 'Augusta Ada', last_name: 'Lovelace', email: 'ada@example.org' },
    ]);
    expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toEqual([]);
  });

  it('asks for a reason when an amount changed, then sends only that figure, as shown and as typed, with the version', async () => {
    let adjusted = false;
    const api = stubApi(
      routes('admin', {
        [`PUT ${USER_URL}/balances`]: () => {
          adjusted = true;
          return { status: 200, body: { message: 'Balances updated', position: '812:4401' } };
        },
        [`GET ${USER_URL}`]: () => (adjusted ? member({ available: '2000.00', version: 4 }) : member()),
        [`GET ${USER_URL}/activity?page=1&pageSize=10`]: () =>
          adjusted ? activity : { status: 200, body: { data: [], total: 0 } },
      }),
    );
    await renderManageUser();
    const user = userEvent.setup();
    await replace(user, 'Account Balance', '2000');
    await user.click(updateButton());

    expect(await screen.findByText('Please give a reason of 3 to 500 characters.')).toBeInTheDocument();
    expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toEqual([]);

    await user.type(within(editForm()).getByLabelText('Reason'), 'Goodwill credit for the outage');
    await user.click(updateButton());

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toEqual([
      {
        available: { shown: '1500.00', target: '2000' },
        reason: 'Goodwill credit for the outage',
        version: 3,
      },
    ]);
    expect(api.sentBodies(`PATCH ${USER_URL}`)).toEqual([]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Account Balance' })).getByText('$2,000.00'),
      ).toBeInTheDocument(),
    );
    expect(within(editForm()).getByLabelText('Reason')).toHaveValue('');
    expect(within(editForm()).getByLabelText('Account Balance')).toHaveValue('2000.00');
    expect(await screen.findByText('Duplicate bonus reversed')).toBeInTheDocument();
  });

  it('sends a save whose answer was lost again under the same Idempotency-Key, and other figures under another', async () => {
    let attempts = 0;
    const api = stubApi(
      routes('admin', {
        [`PUT ${USER_URL}/balances`]: () => {
          attempts += 1;
          return attempts === 1
            ? { status: 503, body: { message: 'The service is briefly unavailable. Please try again.' } }
            : { status: 409, body: { message: accountMessages.accountChanged } };
        },
      }),
    );
    await renderManageUser();
    const user = userEvent.setup();
    await replace(user, 'Account Balance', '2000');
    await user.type(within(editForm()).getByLabelText('Reason'), 'Goodwill credit for the outage');
    await user.click(updateButton());
    await waitFor(() => expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toHaveLength(1));
    await user.click(updateButton());
    await waitFor(() => expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toHaveLength(2));
    await replace(user, 'Account Balance', '2100');
    await user.click(updateButton());
    await waitFor(() => expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toHaveLength(3));

    const keys = api.fetchStub.mock.calls
      .filter(([input]) => String(input) === `${USER_URL}/balances`)
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends nothing for an unchanged form, nor for a figure typed as shown ("1500" is 1500.00)', async () => {
    const api = stubApi(routes('admin'));
    await renderManageUser();
    const user = userEvent.setup();
    await user.click(updateButton());

    expect(await screen.findByText('Nothing to update')).toBeInTheDocument();

    await replace(user, 'Account Balance', '1500');
    await replace(user, 'Total Profit', '250.0');
    await user.click(updateButton());

    await waitFor(() => expect(screen.getAllByText('Nothing to update')).toHaveLength(2));
    expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toEqual([]);
    expect(api.sentBodies(`PATCH ${USER_URL}`)).toEqual([]);
  });

  it('after a save reads the user again and sends the figures it then shows, with their version', async () => {
    let renamed = false;
    const api = stubApi(
      routes('admin', {
        [`PATCH ${USER_URL}`]: () => {
          renamed = true;
          return { status: 200, body: { message: 'User updated successfully' } };
        },
        // Meanwhile the member withdrew 100.00: the page reads the account at its new version.
        [`GET ${USER_URL}`]: () => (renamed ? member({ available: '1400.00', version: 5 }) : member()),
        [`PUT ${USER_URL}/balances`]: { status: 200, body: { message: 'Balances updated', position: '9:9' } },
      }),
    );
    await renderManageUser();
    const user = userEvent.setup();
    await replace(user, 'Last Name', 'King');
    await user.click(updateButton());
    await waitFor(() => expect(within(editForm()).getByLabelText('Account Balance')).toHaveValue('1400.00'));

    await replace(user, 'Account Balance', '1450.00');
    await user.type(within(editForm()).getByLabelText('Reason'), 'Fee refunded');
    await user.click(updateButton());

    await waitFor(() =>
      expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toEqual([
        { available: { shown: '1400.00', target: '1450.00' }, reason: 'Fee refunded', version: 5 },
      ]),
    );
  });

  it('says "Updating..." while saving and "Failed to update user" when the server refuses', async () => {
    const answer = deferred<StubbedAnswer>();
    stubApi(routes('admin', { [`PATCH ${USER_URL}`]: () => answer.promise }));
    await renderManageUser();
    const user = userEvent.setup();
    await replace(user, 'Last Name', 'Byron');
    await user.click(updateButton());

    expect(await within(editForm()).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    answer.resolve({
      status: 400,
      body: { message: 'Invalid input', fieldErrors: { last_name: 'Last name is too odd' } },
    });
    expect(await screen.findByText('Failed to update user')).toBeInTheDocument();
    expect(screen.getByText('Last name is too odd')).toBeInTheDocument();
  });

  it('on a 409 shows the server message and reloads the figures, keeping the reason', async () => {
    let reads = 0;
    const api = stubApi(
      routes('admin', {
        [`GET ${USER_URL}`]: () => (++reads === 1 ? member() : member({ available: '1400.00', version: 5 })),
        [`PUT ${USER_URL}/balances`]: { status: 409, body: { message: accountMessages.accountChanged } },
      }),
    );
    await renderManageUser();
    const user = userEvent.setup();
    await replace(user, 'Total Profit', '300');
    await user.type(within(editForm()).getByLabelText('Reason'), 'Missed interest');
    await user.click(updateButton());

    expect(await screen.findByText(accountMessages.accountChanged)).toBeInTheDocument();
    await waitFor(() => expect(within(editForm()).getByLabelText('Account Balance')).toHaveValue('1400.00'));
    expect(within(editForm()).getByLabelText('Total Profit')).toHaveValue('250.00');
    expect(within(editForm()).getByLabelText('Reason')).toHaveValue('Missed interest');
    expect(screen.queryByText('User updated successfully')).not.toBeInTheDocument();

    // Saved again, it names the figures it shows now and their version.
    await replace(user, 'Total Profit', '300');
    await user.click(updateButton());
    await waitFor(() => expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toHaveLength(2));
    expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toEqual([
      { profit: { shown: '250.00', target: '300' }, reason: 'Missed interest', version: 3 },
      { profit: { shown: '250.00', target: '300' }, reason: 'Missed interest', version: 5 },
    ]);
  });

  it('deletes the user after the confirmation and returns to the user list', async () => {
    const api = stubApi(
      routes('admin', { [`DELETE ${USER_URL}`]: { status: 200, body: { message: 'Account closed' } } }),
    );
    const { currentLocation } = await renderManageUser();
    const user = userEvent.setup();

    const actions = screen.getByRole('button', { name: 'Actions' });
    await user.click(actions);
    expect(actions).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Delete User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this user? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentBodies(`DELETE ${USER_URL}`)).toEqual([]);

    await user.click(actions);
    await user.click(screen.getByRole('menuitem', { name: 'Delete User' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin-dashboard/alluser'));
    expect(
      api.fetchStub.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === USER_URL),
    ).toBe(true);
  });

  it("resets two-step verification with a reason of at least 3 characters, showing the server's refusal", async () => {
    const RESET_URL = `${USER_URL}/second-factors/reset`;
    const answers: StubbedAnswer[] = [
      { status: 409, body: { message: twoFactorMessages.nothingToReset } },
      { status: 200, body: { message: twoFactorMessages.secondFactorsReset } },
    ];
    const api = stubApi(routes('admin', { [`POST ${RESET_URL}`]: () => answers.shift()! }));
    await renderManageUser();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: twoFactorMessages.resetSecondFactors }));
    const dialog = await screen.findByRole('dialog', { name: twoFactorMessages.resetSecondFactors });
    expect(within(dialog).getByText(twoFactorMessages.resetSecondFactorsDescription)).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.type(reason, 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByText(twoFactorMessages.resetReasonInvalid)).toBeInTheDocument();
    expect(api.sentBodies(`POST ${RESET_URL}`)).toEqual([]);

    await user.type(reason, ' - lost phone, checked by video call');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(twoFactorMessages.nothingToReset)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(twoFactorMessages.secondFactorsReset)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentBodies(`POST ${RESET_URL}`)).toEqual([
      { reason: 'ok - lost phone, checked by video call' },
      { reason: 'ok - lost phone, checked by video call' },
    ]);
  });

  it('says "Failed to delete user" and stays when the delete fails', async () => {
    stubApi(routes('admin', { [`DELETE ${USER_URL}`]: { status: 500, body: { message: 'Boom' } } }));
    const { currentLocation } = await renderManageUser();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete User' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe(`/admin-dashboard/manage-user/${USER_ID}`);
  });

  it('on a 401 while saving shows the server message and goes to /admin-login', async () => {
    stubApi(
      routes('admin', {
        [`PATCH ${USER_URL}`]: { status: 401, body: { message: 'Your session has ended' } },
      }),
    );
    const { currentLocation } = await renderManageUser();
    const user = userEvent.setup();
    await replace(user, 'First Name', 'Augusta');
    await user.click(updateButton());

    expect(await screen.findByText('Your session has ended')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin-login'));
  });

  it('offers no Delete User or Email Client for a closed account', async () => {
    const closed = member();
    Object.assign(closed.body.data, {
      status: 'closed',
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
    });
    stubApi(routes('admin', { [`GET ${USER_URL}`]: closed }));
    renderApp(`/admin-dashboard/manage-user/${USER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Closed account' });

    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email Client' })).not.toBeInTheDocument();
  });

  it('shows an auditor everything read-only: no actions, every field disabled', async () => {
    stubApi(routes('auditor'));
    await renderManageUser();
    await screen.findByRole('table', { name: 'Account activity' });

    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email Client' })).not.toBeInTheDocument();
    expect(within(editForm()).queryByRole('button')).not.toBeInTheDocument();
    for (const label of [
      'First Name',
      'Last Name',
      'Email',
      'Account Balance',
      'Total Profit',
      'Total Investment',
      'Reason',
    ]) {
      expect(within(editForm()).getByLabelText(label)).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  describe('with approvals on', () => {
    const PROPOSALS = `GET /api/admin/approvals?status=pending&user_id=${USER_ID}`;
    const adjustment = approvalRow({
      changes: [{ label: 'Available', before: '1500.00', after: '2000.00' }],
    });
    const unlock = approvalRow({
      id: 'c0ffee00-4444-4222-8333-444455556666',
      kind: 'UnlockAccount',
      action: 'Lift account lock',
      changes: [{ label: 'Account', before: 'Locked', after: 'Unlocked' }],
      proposer: { id: '0d0d0d0d-1e1e-4f2f-8a3a-4b4b4b4b4b4b', name: 'Ada Byron' },
    });

    it("lists what awaits a second admin's approval on this account, and who proposed it", async () => {
      stubApi(routes('admin', { [PROPOSALS]: approvalsAnswer(adjustment, unlock) }));
      await renderManageUser();

      const awaiting = await screen.findByRole('region', { name: 'Awaiting approval' });
      expect(
        within(awaiting)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Balance adjustment: Available: 1,500.00 → 2,000.00 (proposed by Alan Turing)',
        'Lift account lock: Account: Locked → Unlocked (proposed by Ada Byron)',
      ]);
    });

    it('shows no such section when nothing awaits approval', async () => {
      stubApi(routes('admin', { [PROPOSALS]: approvalsAnswer() }));
      await renderManageUser();
      await screen.findByText('Duplicate bonus reversed');

      expect(screen.queryByRole('region', { name: 'Awaiting approval' })).not.toBeInTheDocument();
    });

    it('toasts "Sent for approval" when the amounts await approval, and claims no new balance', async () => {
      let proposed = false;
      const api = stubApi(
        routes('admin', {
          [`PUT ${USER_URL}/balances`]: () => {
            proposed = true;
            return proposalAnswer();
          },
          [PROPOSALS]: () => (proposed ? approvalsAnswer(adjustment) : approvalsAnswer()),
        }),
      );
      await renderManageUser();
      const user = userEvent.setup();
      await replace(user, 'Account Balance', '2000');
      await user.type(within(editForm()).getByLabelText('Reason'), 'Goodwill credit for the outage');
      await user.click(updateButton());

      expect(await screen.findByText('Sent for approval')).toBeInTheDocument();
      expect(api.sentBodies(`PUT ${USER_URL}/balances`)).toHaveLength(1);
      expect(screen.queryByText(accountMessages.userUpdated)).not.toBeInTheDocument();
      const awaiting = await screen.findByRole('region', { name: 'Awaiting approval' });
      expect(within(awaiting).getByText(/proposed by Alan Turing/)).toBeInTheDocument();
      await waitFor(() =>
        expect(within(editForm()).getByLabelText('Account Balance')).toHaveValue('1500.00'),
      );
      expect(within(editForm()).getByLabelText('Reason')).toHaveValue('');
      expect(
        within(screen.getByRole('region', { name: 'Account Balance' })).getByText('$1,500.00'),
      ).toBeInTheDocument();
    });
  });
});
